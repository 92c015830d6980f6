/**
 * Battles always end. A player queues on /arena and is paired with one of the simulator's bots, which answers
 * by itself: the test only submits the player's own actions and the battle resolves. Then a player whose
 * opponent never submits watches the turn's countdown, passes the deadline (anvil's clock moved forward) and
 * claims the win from the battle page; the silent side loses by timeout with its elo moved as for any loss.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserStack,
  connect,
  createPlayer,
  type Game,
  grantBattleVera,
  hydrated,
  mined,
  playersIndexed,
  type RunningBots,
  recordToasts,
  rpc,
  startBots,
  startBrowserStack,
  txSucceeded,
  type WatchedPage,
  waitFor,
} from '../src/index.ts';

const ADMIN = 0;
const ASTRID = 1;
const BJORN = 2;
const SIGRID = 3;
const CASUAL = 2;

let stack: BrowserStack;
let game: Game;
let origin: string;
let bots: RunningBots | undefined;
const ids: Record<number, bigint> = {};
const veraOf: Record<number, bigint> = {};

/** Every response of status 400 or more a page receives, as "status path". */
const failures: string[] = [];

/**
 * Console errors other than a 503: the gateway answers 503 ("retry shortly") while its database does not answer
 * in time, which a busy machine causes, and the pages retry by themselves. Anything else fails the test.
 */
const unexpected = (consoleErrors: string[]) => consoleErrors.filter((e) => !e.includes('status of 503'));

/** A page with the player's wallet, connected on `path`, with toasts recorded. */
async function playerPage(index: number, path: string): Promise<WatchedPage> {
  const watched = await stack.page({ wallet: index });
  watched.page.on('response', (res) => {
    if (res.status() >= 400) failures.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  await recordToasts(watched.page);
  await watched.page.goto(`${origin}${path}`);
  await connect(watched.page);
  await watched.page.getByRole('button', { name: 'Me' }).waitFor({ timeout: 15_000 });
  return watched;
}

beforeAll(async () => {
  stack = await startBrowserStack(async (g) => {
    game = g;
    ids[ASTRID] = BigInt(await createPlayer(g, ASTRID, 'Astrid'));
    ids[BJORN] = BigInt(await createPlayer(g, BJORN, 'Bjorn'));
    ids[SIGRID] = BigInt(await createPlayer(g, SIGRID, 'Sigrid'));
    for (const who of [ASTRID, BJORN, SIGRID]) {
      veraOf[who] = await grantBattleVera(g, ids[who] as bigint);
    }
  });
  origin = stack.gateway.url;
  await playersIndexed(origin, SIGRID);
});

afterAll(async () => {
  await bots?.stop();
  await stack?.stop();
});

describe('battles always end', () => {
  it('pairs a queued player with a bot that answers by itself; the battle resolves on the player’s submit', async () => {
    const running = startBots(stack, { bots: 4, actionsPerSecond: 3 });
    bots = running;
    try {
      await playAgainstABot();
    } finally {
      // the bots stop with this test either way: the next one needs a quiet chain
      bots = undefined;
      await running.stop();
    }
    const stats = await running.stop();
    expect(stats.byKind.answerBattle ?? 0, JSON.stringify(stats.byKind)).toBeGreaterThan(0);
  }, 180_000);

  async function playAgainstABot() {
    const c = game.contracts(ADMIN);
    const { page: p, consoleErrors } = await playerPage(ASTRID, '/arena');
    await p.getByLabel(`Vera #${veraOf[ASTRID]} in the arsenal`).check();
    await p.getByLabel('Battle type').selectOption({ label: 'Ranked' });
    await p.getByRole('button', { name: 'Enter the queue' }).click();
    await txSucceeded(p, 'Entering the queue');

    // a bot is waiting already or queues soon; the arena moves to the battle by itself
    await p.waitForURL('**/battle/*', { timeout: 90_000 });
    const battleId = BigInt(new URL(p.url()).pathname.split('/').pop() as string);
    const battle = await c.battles.read.getBattle([battleId]);
    const bot = battle.a.characterId === ids[ASTRID] ? battle.b.characterId : battle.a.characterId;
    expect(Object.values(ids)).not.toContain(bot);
    // the turn's clock runs while the battle does
    await p.getByTestId('turn-countdown').waitFor({ timeout: 20_000 });

    await p.getByRole('heading', { name: 'Your move' }).waitFor({ timeout: 20_000 });
    await p.getByRole('radio', { name: /^Attack/ }).check();
    await p.getByRole('button', { name: 'Submit actions' }).click();
    await txSucceeded(p, 'Submitting your actions');

    // nothing more from the test: the bot's actions (sent within seconds of the start) resolve it
    await waitFor(
      'the battle to resolve',
      async () => ((await c.battles.read.getBattle([battleId])).result !== 0 ? true : undefined),
      30_000,
    );
    await p
      .getByTestId('battle-result')
      .getByText(/won|tie/)
      .waitFor({ timeout: 30_000 });
    expect((await c.battles.read.statusOf([ids[ASTRID] as bigint]))[1]).toBe(0n);

    // the arena offers the queue again
    await p.goto(`${origin}/arena`);
    await hydrated(p);
    await p.getByRole('button', { name: 'Enter the queue' }).waitFor({ timeout: 20_000 });
    expect(await p.getByTestId('active-battle').count()).toBe(0);
    expect(unexpected(consoleErrors), failures.join('\n')).toEqual([]);
  }

  it('lets the player whose opponent never submits claim the win once the turn has run out', async () => {
    const [bjorn, sigrid] = [ids[BJORN] as bigint, ids[SIGRID] as bigint];
    const c = game.contracts(ADMIN);
    // Bjorn and Sigrid meet through a challenge (sent and accepted off screen)
    await mined(
      game,
      game.contracts(BJORN).battles.write.challengeFriend([sigrid, CASUAL, [veraOf[BJORN] as bigint]]),
    );
    const challengeId = await c.battles.read.openChallengeOf([bjorn]);
    await mined(
      game,
      game.contracts(SIGRID).battles.write.acceptChallenge([challengeId, [veraOf[SIGRID] as bigint]]),
    );
    const battleId = (await c.battles.read.statusOf([bjorn]))[1];
    expect(battleId).toBeGreaterThan(0n);
    const eloBefore = [
      await c.battles.read.eloOf([bjorn, CASUAL]),
      await c.battles.read.eloOf([sigrid, CASUAL]),
    ];

    const { page: p, consoleErrors } = await playerPage(BJORN, `/battle/${battleId}`);
    await p.getByRole('heading', { name: 'Your move' }).waitFor({ timeout: 20_000 });
    await p.getByTestId('turn-countdown').waitFor({ timeout: 20_000 });
    await p.getByRole('button', { name: 'Submit actions' }).click();
    await txSucceeded(p, 'Submitting your actions');
    // both sides' state, live: Bjorn's in, Sigrid still choosing
    await p.getByTestId('side-A').getByText('Actions submitted').waitFor({ timeout: 20_000 });
    await p.getByTestId('side-B').getByText('Choosing actions…').waitFor();
    expect(await p.getByRole('button', { name: 'Claim the win' }).count()).toBe(0);

    // Sigrid stays silent past the deadline
    const turn = Number(await c.battles.read.TURN_SECONDS());
    await rpc(stack.anvil, 'evm_increaseTime', [turn + 1]);
    await rpc(stack.anvil, 'evm_mine');
    await p.getByText('The turn is over.').waitFor({ timeout: 20_000 });
    await p.getByRole('button', { name: 'Claim the win' }).click();
    await txSucceeded(p, 'Claiming the win');

    const battle = await c.battles.read.getBattle([battleId]);
    expect(battle.result).toBe(1); // Bjorn is side A (the challenger)
    const eloAfter = [
      await c.battles.read.eloOf([bjorn, CASUAL]),
      await c.battles.read.eloOf([sigrid, CASUAL]),
    ];
    expect(eloAfter[0]).toBeGreaterThan(eloBefore[0] as number);
    expect(eloAfter[1]).toBeLessThan(eloBefore[1] as number);
    await p.getByTestId('battle-result').getByText('Bjorn won by timeout').waitFor({ timeout: 30_000 });
    await p.getByTestId('battle-result').getByText('Sigrid did not submit in time.').waitFor();
    const detail = await waitFor('the battle from the API', async () => {
      const res = await fetch(`${origin}/api/battles/${battleId}`);
      return res.ok ? ((await res.json()) as { endReason: string; forfeited: string }) : undefined;
    });
    expect(detail).toMatchObject({ endReason: 'timeout', forfeited: 'B' });
    expect(unexpected(consoleErrors), failures.join('\n')).toEqual([]);
  }, 150_000);
});

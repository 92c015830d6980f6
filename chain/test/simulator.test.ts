import { Role } from '@skald/game';
import { parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IBattlesAbi } from '../generated/abis.ts';
import { runSimulator, simulatorAdmin } from '../src/simulator/index.ts';
import { eventOf, type Game, onboard, setupGame } from './fixtures.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `probe` answers something other than undefined, failing after `ms`. */
async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

describe('world simulator', () => {
  let game: Game;
  beforeAll(async () => {
    game = await setupGame();
    const admin = game.as(0);
    // second-scale timers so lootboxes open and bank locks come due within the run
    for (const lockIndex of [0, 1, 2])
      await game.events(admin.bank.write.admin_setLockDuration([lockIndex, 1n]));
    for (const boxType of [1, 2, 3])
      await game.events(admin.inventory.write.admin_setChestDuration([boxType, 1n]));
  });
  afterAll(() => game.stop());

  it('plays every part of the game, and every deliberately bad move reverts with its named error', async () => {
    const lines: string[] = [];
    const stats = await runSimulator({
      rpcUrl: game.anvil.rpcUrl,
      deployment: game.deployment,
      bots: 10,
      actionsPerSecond: 0,
      maxActions: 900,
      badMoveShare: 0.1,
      seed: 42,
      log: (line) => lines.push(line),
    });
    expect(stats.badMovesMismatched, lines.join('\n')).toBe(0);
    expect(stats.badMoves).toBeGreaterThan(30);
    // races between bots (two admins approving one clan) are allowed, but must stay rare
    expect(stats.reverted).toBeLessThan(stats.actions * 0.05);
    for (const kind of [
      'createCharacter',
      'login',
      'encounter',
      'openLootBox',
      'grantVera',
      'grantRunix',
      'foundClan',
      'approveClan',
      'enterQueue',
      'submitActions',
      'lockRunix',
      'unlockRunix',
      'shopBuy',
    ]) {
      expect(stats.byKind[kind] ?? 0, `${kind} in ${JSON.stringify(stats.byKind)}`).toBeGreaterThan(0);
    }
    const battles = await game.as(0).battles.read.battleCount();
    expect(battles).toBeGreaterThan(0n);
    const minted = await game.as(0).veras.read.totalMinted();
    expect(minted).toBeGreaterThanOrEqual(
      BigInt((stats.byKind.encounter ?? 0) + (stats.byKind.grantVera ?? 0)),
    );
    // 900 moves: ~25 s on a quiet 2-core machine, more when it is shared
  }, 180_000);

  it('grants as an admin of its own (made admin once by the deployer), never as the deployer', async () => {
    const admin = await simulatorAdmin(game.anvil.rpcUrl, game.deployment);
    expect((await simulatorAdmin(game.anvil.rpcUrl, game.deployment)).address).toBe(admin.address);
    expect(await game.as(0).roles.read.hasRole([admin.address, Role.admin])).toBe(true);
    const nonce = (address: `0x${string}`) => game.publicClient.getTransactionCount({ address });
    const deployer = game.admin.account.address;
    const [deployerBefore, adminBefore] = [await nonce(deployer), await nonce(admin.address)];
    const stats = await runSimulator({
      rpcUrl: game.anvil.rpcUrl,
      deployment: game.deployment,
      admin,
      bots: 4,
      actionsPerSecond: 0,
      maxActions: 120,
      badMoveShare: 0,
      seed: 7,
    });
    const grants = Object.entries(stats.byKind)
      .filter(([kind]) => kind.startsWith('grant') || kind === 'approveClan')
      .reduce((n, [, count]) => n + count, 0);
    expect(grants).toBeGreaterThan(0);
    expect(await nonce(admin.address)).toBeGreaterThanOrEqual(adminBefore + grants);
    expect(await nonce(deployer)).toBe(deployerBefore);
  }, 120_000);
});

describe('bots and the people they meet', () => {
  let game: Game;
  let person: bigint;
  let vera: bigint;
  const stop = new AbortController();
  let running: Promise<unknown>;
  const lines: string[] = [];
  const GAS = { gas: 3_000_000n };

  beforeAll(async () => {
    game = await setupGame();
    person = await onboard(game, 1, 'Person');
    const { logs } = await game.events(
      game.as(0).veras.write.admin_grantVera([person, 1, 1, 1, 1, 1, true], { gas: 1_000_000n }),
    );
    vera = eventOf(logs, 'VeraMinted').veraId as bigint;
    running = runSimulator({
      rpcUrl: game.anvil.rpcUrl,
      deployment: game.deployment,
      bots: 4,
      actionsPerSecond: 8,
      badMoveShare: 0,
      seed: 7,
      signal: stop.signal,
      log: (line) => lines.push(line),
    });
  });
  afterAll(async () => {
    stop.abort();
    await running;
    await game.stop();
  });

  const battles = () => game.as(1).battles;
  const battleOfPerson = async () => {
    const [, battleId] = await battles().read.statusOf([person]);
    return battleId === 0n ? undefined : battleId;
  };
  /** the bot's side of a battle with the person */
  const botSide = async (battleId: bigint) => {
    const battle = await battles().read.getBattle([battleId]);
    return battle.a.characterId === person ? battle.b : battle.a;
  };

  it('answers a ranked battle a person queued into within seconds, and it resolves on the person’s submit', async () => {
    await game.events(battles().write.enterQueue([person, 1, [vera]]));
    // a bot is waiting already or queues soon: the person is paired either way
    const battleId = await until('the person to be paired with a bot', 60_000, battleOfPerson);
    const startedAt = Date.now();
    await until('the bot’s actions', 5_000, async () =>
      (await botSide(battleId)).submitted ? true : undefined,
    );
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    const { logs } = await game.events(battles().write.submitActions([battleId, [0], []], GAS));
    expect(eventOf(logs, 'BattleResolved').battleId).toBe(battleId);
    expect(await battleOfPerson()).toBeUndefined();
  });

  it('accepts a person’s challenge, and claims the win once the person lets the turn run out', async () => {
    const last = await battles().read.battleCount();
    const bot = (await botSide(last)).characterId;
    const sent = await game.events(battles().write.challengeFriend([bot, 2, [vera]]));
    const challengeId = eventOf(sent.logs, 'ChallengeSent').challengeId as bigint;
    // the bot may be busy in another battle first: it answers once free
    const battleId = await until('the bot to accept', 45_000, battleOfPerson);
    expect(await battles().read.openChallengeOf([person])).toBe(0n);
    const challenge = await battles().read.getChallenge([challengeId]);
    expect(challenge.open).toBe(false);
    await until('the bot’s actions', 5_000, async () =>
      (await botSide(battleId)).submitted ? true : undefined,
    );

    // the person stays silent past the deadline
    await game.advanceTime(Number(await battles().read.TURN_SECONDS()) + 1);
    await until('the bot’s claim', 10_000, async () =>
      (await battles().read.getBattle([battleId])).result !== 0 ? true : undefined,
    );
    const battle = await battles().read.getBattle([battleId]);
    expect(battle.result).toBe(battle.a.characterId === person ? 2 : 1);
    const logs = parseEventLogs({
      abi: IBattlesAbi,
      logs: await game.publicClient.getLogs({ address: game.deployment.contracts.Battles, fromBlock: 0n }),
    });
    const timedOut = logs.find((l) => l.eventName === 'BattleTimedOut' && l.args.battleId === battleId);
    expect(timedOut, lines.join('\n')).toBeDefined();
    const args = timedOut?.args as { claimedBy: string; silentA: boolean; silentB: boolean };
    expect(args.claimedBy.toLowerCase()).not.toBe(game.wallet(1).account.address.toLowerCase());
    expect(battle.a.characterId === person ? args.silentA : args.silentB).toBe(true);
  });
});

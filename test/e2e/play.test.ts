/**
 * Playing from the browser alone: a fresh wallet creates its viking, finishes onboarding and meets its first
 * vera; /confirm reviews only actions from the app's own list; two players queue, fight and see their elo move
 * without reloading; clan invitations found by name are declined or accepted. Every chain change is a real
 * transaction signed by an injected test wallet; every page fails the test on a browser console error.
 */

import { STARTER_RUNIX } from '@skald/game';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  type BrowserStack,
  clearToastLog,
  connect,
  createPlayer,
  type Game,
  grantBattleVera,
  hydrated,
  mined,
  playersIndexed,
  recordToasts,
  startBrowserStack,
  toastStates,
  txSucceeded,
  type WatchedPage,
} from '../src/index.ts';

const ADMIN = 0;
const ASTRID = 1;
const BJORN = 2;
const FRESH = 7;
/** beyond anvil's ten funded accounts: no tBNB for gas */
const BROKE = 12;

let stack: BrowserStack;
let clanId = 0n;
let game: Game;
let origin: string;
const ids: Record<number, bigint> = {};
const veraOf: Record<number, bigint> = {};

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${origin}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** A page with the player's wallet, connected on `path`, with toasts recorded. */
async function playerPage(index: number, path: string, waitForMe = true): Promise<WatchedPage> {
  const watched = await stack.page({ wallet: index });
  await recordToasts(watched.page);
  await watched.page.goto(`${origin}${path}`);
  await connect(watched.page);
  if (waitForMe) await watched.page.getByRole('button', { name: 'Me' }).waitFor({ timeout: 15_000 });
  return watched;
}

/** Every response of status 400 or more the page receives, as "status path?query". */
function recordFailures(p: Page): string[] {
  const failed: string[] = [];
  p.on('response', (res) => {
    if (res.status() >= 400) {
      const url = new URL(res.url());
      failed.push(`${res.status()} ${url.pathname}${url.search}`);
    }
  });
  return failed;
}

/**
 * A wallet the game has never seen has no player record: that read answers 404 and the browser logs it (spec:
 * the failure is only logged). Nothing else may fail.
 */
function expectOnlyUnknownPlayer404(failed: string[], consoleErrors: string[], address: string) {
  const expected = `404 /api/viking/data?address=${address}`.toLowerCase();
  expect(failed.filter((f) => f.toLowerCase() !== expected)).toEqual([]);
  expect(consoleErrors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  expect(consoleErrors.length).toBe(failed.length);
}

beforeAll(async () => {
  stack = await startBrowserStack(async (g) => {
    game = g;
    ids[ADMIN] = BigInt(await createPlayer(g, ADMIN, 'Odin'));
    ids[ASTRID] = BigInt(await createPlayer(g, ASTRID, 'Astrid'));
    ids[BJORN] = BigInt(await createPlayer(g, BJORN, 'Bjorn'));
    const c = g.contracts(ADMIN);
    await mined(g, c.inventory.write.admin_grantRunix([ids[ASTRID] as bigint, 1_000n]));
    await mined(g, c.clans.write.foundClan(['Ravens of Odin', 'RVN', 'Thought and memory.']));
    clanId = await c.clans.read.clanOf([ids[ADMIN] as bigint]);
    await mined(g, c.clans.write.admin_approveClan([clanId]));
    for (const who of [ASTRID, BJORN]) {
      veraOf[who] = await grantBattleVera(g, ids[who] as bigint);
    }
  });
  origin = stack.gateway.url;
  await playersIndexed(origin, BJORN);
});

afterAll(async () => {
  await stack?.stop();
});

describe('skald web: playing from the browser', () => {
  it('leads a fresh wallet from a name and a look to its first vera', async () => {
    const { page: p, consoleErrors } = await stack.page({ wallet: FRESH });
    const c = game.contracts(ADMIN);
    const address = account(FRESH).address;
    const failed = recordFailures(p);
    await recordToasts(p);
    await p.goto(`${origin}/start`);
    await connect(p);

    // the live preview follows the look
    const preview = p.getByTestId('viking-preview');
    const before = await preview.getAttribute('data-look');
    await p.getByLabel('Hair colour').selectOption({ label: 'Copper' });
    await p.getByLabel('Headgear').selectOption({ label: 'Iron helm' });
    expect(await preview.getAttribute('data-look')).not.toBe(before);
    expect(await preview.locator('[data-part="helm"]').count()).toBe(1);

    // a name too short is refused before the wallet; a taken one fails in the toast
    await p.getByLabel('Viking name').fill('Al');
    await p.getByRole('button', { name: 'Create viking' }).click();
    await p.getByText('The name needs at least 3 characters.').waitFor();
    await p.getByLabel('Viking name').fill('astrid');
    await p.getByRole('button', { name: 'Create viking' }).click();
    await p
      .locator('[data-sonner-toast][data-type="error"]', { hasText: 'is taken' })
      .waitFor({ timeout: 15_000 });
    expect(await c.characters.read.selectedCharacterOf([address])).toBe(0n);

    await clearToastLog(p);
    await p.getByLabel('Viking name').fill('Sigrun');
    await p.getByRole('radio', { name: /Skaerrot/ }).check();
    await p.getByRole('button', { name: 'Create viking' }).click();
    await txSucceeded(p, 'Creating your viking');
    expect(await toastStates(p, 'Creating your viking')).toEqual(['loading', 'success']);
    const characterId = await c.characters.read.selectedCharacterOf([address]);
    expect(characterId).toBeGreaterThan(0n);
    const info = await c.characters.read.getCharacter([characterId]);
    expect(info.name).toBe('Sigrun');
    expect(info.attributes.hairColor).toBe(2);
    expect(info.attributes.accessoryMainType).toBe(2);
    expect(info.choices.starterSpecies).toBe(4);

    // the header and the welcome toast follow without a reload
    await p.getByRole('button', { name: 'Me' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => toastStates(p, 'Welcome Sigrun!'), { timeout: 20_000 }).toEqual(['success']);

    await p.getByRole('button', { name: 'Log in and finish onboarding' }).click();
    await txSucceeded(p, 'Finishing onboarding');
    expect(await c.characters.read.isOnboarding([characterId])).toBe(false);

    // the starter chosen at creation (Skaerrot) comes as the first vera, with the first runix
    await p.getByText(/The Skaerrot you chose/).waitFor({ timeout: 20_000 });
    // the player's own mint: a toast of its own, with View (up 10 s: watched for from the click)
    const ownMint = p
      .locator('[data-sonner-toast].my-moment-toast', { hasText: /Your starter vera: Vera #\d+/ })
      .getByRole('button', { name: 'View' })
      .waitFor({ timeout: 40_000 });
    await p.getByRole('button', { name: 'Claim your starter' }).click();
    await txSucceeded(p, 'Claiming your starter');
    const veraId = await c.veras.read.totalMinted();
    expect(await c.veras.read.ownerOf([veraId])).toBe(address);
    expect((await c.veras.read.getVera([veraId])).species).toBe(4);
    expect(await c.inventory.read.runixOf([characterId])).toBe(BigInt(STARTER_RUNIX));
    await ownMint;
    await p.locator('[data-sonner-toast]', { hasText: `Your starter vera: Vera #${veraId}` }).waitFor();
    await p.getByRole('heading', { name: 'Welcome to Skald' }).waitFor({ timeout: 20_000 });

    await p.getByRole('link', { name: 'Go to your home and explore' }).click();
    await p.waitForURL('**/nfts');
    await p.getByRole('link', { name: new RegExp(`#${veraId}\\b`) }).waitFor({ timeout: 20_000 });
    await p.getByText(String(STARTER_RUNIX), { exact: true }).first().waitFor({ timeout: 20_000 });
    // and exploring, again and again, from home
    await p.getByText('Free, no cooldown', { exact: false }).waitFor();
    await p.getByRole('radio', { name: /Ironwood/ }).check();
    for (let round = 0; round < 2; round++) {
      const before = await c.veras.read.totalMinted();
      await p.getByRole('button', { name: 'Explore Ironwood' }).click();
      await expect.poll(() => c.veras.read.totalMinted(), { timeout: 20_000 }).toBeGreaterThan(before);
      await p.getByRole('button', { name: 'Explore Ironwood' }).and(p.locator(':enabled')).waitFor();
    }
    const explored = await c.veras.read.totalMinted();
    expect(explored).toBeGreaterThanOrEqual(veraId + 2n);
    expect(await c.veras.read.ownerOf([explored])).toBe(address);
    await p
      .getByRole('status')
      .getByRole('link', { name: `Vera #${explored}` })
      .waitFor({ timeout: 20_000 });
    expectOnlyUnknownPlayer404(failed, consoleErrors, address);
  });

  it('says so when the wallet has nothing to pay the network fee with', async () => {
    const { page: p, consoleErrors } = await stack.page({ wallet: BROKE });
    const failed = recordFailures(p);
    await recordToasts(p);
    await p.goto(`${origin}/start`);
    await connect(p);
    await p.getByLabel('Viking name').fill('Penniless');
    await p.getByRole('button', { name: 'Create viking' }).click();
    await p
      .locator('[data-sonner-toast][data-type="error"]', { hasText: 'no tBNB left to pay the network fee' })
      .waitFor({ timeout: 20_000 });
    // ...and where to get some
    await p
      .locator('[data-sonner-toast][data-type="error"]', { hasText: /testnet-faucet.*development accounts/ })
      .waitFor();
    expect(await toastStates(p, 'Creating your viking')).toEqual(['loading', 'error']);
    expect(await game.contracts(ADMIN).characters.read.selectedCharacterOf([account(BROKE).address])).toBe(
      0n,
    );
    expectOnlyUnknownPlayer404(failed, consoleErrors, account(BROKE).address);
  });

  it('reviews only listed actions on /confirm, with the price and the balance after', async () => {
    const { page: p, consoleErrors } = await playerPage(ASTRID, '/');
    const crafted = new URLSearchParams({
      action: 'shop-buy',
      shopId: '1',
      itemId: '3',
      quantity: '2',
      label: 'Claim your free Dragon scale',
    });
    await p.goto(`${origin}/confirm?${crafted}`);
    await hydrated(p);
    await p
      .getByRole('alert')
      .getByText(/does not take: label/)
      .waitFor();
    expect(await p.getByText(/Claim your free/).count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Confirm' }).count()).toBe(0);

    await p.goto(`${origin}/confirm?action=claimFreeDragon&itemId=6`);
    await hydrated(p);
    await p.getByRole('alert').getByText('There is no action called “claimFreeDragon”.').waitFor();

    await p.goto(`${origin}/confirm?action=shop-buy&shopId=1&itemId=3&quantity=-4`);
    await hydrated(p);
    await p.getByRole('alert').getByText('Quantity must be a whole number.').waitFor();

    await p.goto(`${origin}/confirm?action=shop-buy&shopId=1&itemId=3&quantity=2`);
    await hydrated(p);
    await p.getByRole('heading', { name: 'Confirm: Buy 2 × Mead' }).waitFor();
    await expect.poll(() => p.getByTestId('confirm-pay').textContent(), { timeout: 15_000 }).toBe('80 runix');
    // what the purchase brings, not "nothing"
    expect(await p.getByTestId('confirm-receive').textContent()).toBe('2 × Mead');
    await expect
      .poll(() => p.getByTestId('confirm-balance').textContent(), { timeout: 15_000 })
      .toBe('920 runix · 0 onyx');
    expect(consoleErrors).toEqual([]);
  });

  it('refuses a bad quantity in the shop with a message and shows the total', async () => {
    const { page: p, consoleErrors } = await playerPage(ASTRID, '/shop');
    const row = p.getByRole('row', { name: /Mead/ });
    await p.getByLabel('Quantity of Mead').fill('2x');
    await row.getByText('Enter a whole number of items.').waitFor();
    expect(await row.getByRole('button', { name: 'Buy' }).isDisabled()).toBe(true);
    await p.getByLabel('Quantity of Mead').fill('5');
    await row.getByText('200 runix').waitFor();
    await p.getByTestId('shop-balance').getByText('1,000').waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Buy' }).click();
    await p.getByRole('heading', { name: 'Confirm: Buy 5 × Mead' }).waitFor();
    expect(new URL(p.url()).searchParams.get('action')).toBe('shop-buy');
    expect(consoleErrors).toEqual([]);
  });

  it('queues two players, fights to a result and shows both elo changes live', async () => {
    const [astrid, bjorn] = [ids[ASTRID] as bigint, ids[BJORN] as bigint];
    const c = game.contracts(ADMIN);
    const watcher = await stack.page();
    await watcher.page.goto(`${origin}/top?type=1`);
    await hydrated(watcher.page);

    const a = await playerPage(ASTRID, '/arena');
    const b = await playerPage(BJORN, '/arena');
    await a.page.getByLabel(`Vera #${veraOf[ASTRID]} in the arsenal`).check();
    await a.page.getByLabel('Battle type').selectOption({ label: 'Ranked' });
    await a.page.getByRole('button', { name: 'Enter the queue' }).click();
    await txSucceeded(a.page, 'Entering the queue');
    expect((await c.battles.read.statusOf([astrid]))[0]).toBe(1);
    // Bjorn's arena shows Astrid waiting without a reload
    await b.page.getByTestId('queues').getByRole('link', { name: 'Astrid' }).waitFor({ timeout: 20_000 });

    await b.page.getByLabel(`Vera #${veraOf[BJORN]} in the arsenal`).check();
    await b.page.getByLabel('Battle type').selectOption({ label: 'Ranked' });
    await b.page.getByRole('button', { name: 'Enter the queue' }).click();
    await txSucceeded(b.page, 'Entering the queue');
    const battleId = await c.battles.read.battleCount();
    await b.page.waitForURL(`**/battle/${battleId}`, { timeout: 20_000 });
    // Astrid's arena moves to the battle by itself once it is indexed
    await a.page.waitForURL(`**/battle/${battleId}`, { timeout: 30_000 });

    for (const [page, action] of [
      [a.page, 'Attack'],
      [b.page, 'Defend'],
    ] as const) {
      await page.getByRole('heading', { name: 'Your move' }).waitFor({ timeout: 20_000 });
      await page.getByRole('radio', { name: new RegExp(`^${action}`) }).check();
      await page.getByRole('button', { name: 'Submit actions' }).click();
      await txSucceeded(page, 'Submitting your actions');
    }
    const battle = await c.battles.read.getBattle([battleId]);
    expect(battle.result).not.toBe(0);
    const eloA = await c.battles.read.eloOf([astrid, 1]);
    const eloB = await c.battles.read.eloOf([bjorn, 1]);

    for (const [page, elo, side] of [
      [a.page, eloA, 'A'],
      [b.page, eloB, 'B'],
    ] as const) {
      // no reload: the live stream refreshes the battle page
      await page
        .getByTestId(`side-${side}`)
        .getByTestId('elo-change')
        .getByText(`Elo 1000 → ${elo}`, { exact: false })
        .waitFor({ timeout: 30_000 });
      await page
        .getByTestId('battle-result')
        .getByText(/won|tie/)
        .waitFor();
    }
    // both elos on /top, on a page opened before the battle
    for (const [name, elo] of [
      ['Astrid', eloA],
      ['Bjorn', eloB],
    ] as const) {
      await expect
        .poll(
          async () => {
            const row = watcher.page.getByRole('row', { name: new RegExp(name) });
            return (await row.count()) > 0 ? row.getByRole('cell').nth(2).textContent() : null;
          },
          { timeout: 30_000 },
        )
        .toBe(String(elo));
    }
    // the profile lists the battle with a link to its page
    await a.page.goto(`${origin}/viking/${astrid}`);
    await hydrated(a.page);
    await a.page
      .getByTestId('battle-list')
      .getByRole('link', { name: `Ranked battle #${battleId}` })
      .waitFor();
    const detail = await api<{ sides: { elo: { after: number } | null }[] }>(`/api/battles/${battleId}`);
    expect(detail.sides.map((s) => s.elo?.after)).toEqual([Number(eloA), Number(eloB)]);
    expect([...a.consoleErrors, ...b.consoleErrors, ...watcher.consoleErrors]).toEqual([]);
  });

  it('asks to join a clan and is accepted, declines an invite found by name, and leaves', async () => {
    const [astrid, bjorn] = [ids[ASTRID] as bigint, ids[BJORN] as bigint];
    const c = game.contracts(ADMIN);
    const jarl = await playerPage(ADMIN, `/clans/${clanId}`);
    const asker = await playerPage(ASTRID, `/clans/${clanId}`);

    // a moment's toast stays up 10 s: each is watched for from before the click that causes it
    const jarlHeard = jarl.page
      .locator('[data-sonner-toast]', { hasText: 'Astrid asks to join' })
      .getByRole('button', { name: 'Answer' })
      .waitFor({ timeout: 40_000 });
    await asker.page.getByRole('button', { name: 'Ask to join' }).click();
    await txSucceeded(asker.page, 'Asking to join');
    expect(await c.clans.read.hasRequested([clanId, astrid])).toBe(true);
    await asker.page.getByRole('button', { name: 'Withdraw request' }).waitFor({ timeout: 20_000 });

    // the jarl hears of it wherever they are (a toast with Answer); the asker does not
    await jarlHeard;
    expect(await asker.page.locator('[data-sonner-toast]', { hasText: 'asks to join' }).count()).toBe(0);
    // the jarl sees the request arrive live and accepts it
    const request = jarl.page
      .getByTestId('join-requests')
      .getByRole('listitem')
      .filter({ hasText: 'Astrid' });
    await request.waitFor({ timeout: 20_000 });
    const askerHeard = asker.page
      .locator('[data-sonner-toast]', { hasText: /Your request to join .* was accepted/ })
      .waitFor({ timeout: 40_000 });
    await request.getByRole('button', { name: 'Accept' }).click();
    await txSucceeded(jarl.page, 'Accepting Astrid');
    expect(await c.clans.read.clanOf([astrid])).toBe(clanId);
    await askerHeard;
    await jarl.page
      .getByRole('row', { name: /Astrid/ })
      .getByText('Member')
      .waitFor({ timeout: 20_000 });
    await jarl.page.getByRole('row', { name: /Odin/ }).getByText('Jarl').waitFor();

    // an invitation found by name, then declined
    await jarl.page.getByLabel('Invite a viking by name').fill('bj');
    await jarl.page.getByRole('button', { name: 'Invite Bjorn' }).click();
    await txSucceeded(jarl.page, 'Sending the invitation');
    expect(await c.clans.read.isInvited([clanId, bjorn])).toBe(true);
    const invitee = await playerPage(BJORN, `/clans/${clanId}`);
    // the invitation waits for Bjorn: the badge beside Me counts it until it is answered
    const badge = invitee.page.locator('.waiting-badge');
    await badge.waitFor({ timeout: 20_000 });
    const waitingBefore = Number(await badge.textContent());
    await invitee.page.getByRole('button', { name: 'Decline invitation' }).click({ timeout: 20_000 });
    await txSucceeded(invitee.page, 'Declining the invitation');
    await expect
      .poll(async () => ((await badge.count()) === 0 ? 0 : Number(await badge.textContent())), {
        timeout: 20_000,
      })
      .toBe(waitingBefore - 1);
    expect(await c.clans.read.isInvited([clanId, bjorn])).toBe(false);
    expect(await c.clans.read.clanOf([bjorn])).toBe(0n);
    await invitee.page.getByRole('button', { name: 'Ask to join' }).waitFor({ timeout: 20_000 });

    // the member leaves; the jarl's table follows
    await asker.page.getByRole('button', { name: 'Leave clan' }).click({ timeout: 20_000 });
    await txSucceeded(asker.page, 'Leaving the clan');
    expect(await c.clans.read.clanOf([astrid])).toBe(0n);
    await expect
      .poll(() => jarl.page.getByRole('row', { name: /Astrid/ }).count(), { timeout: 20_000 })
      .toBe(0);
    expect([...jarl.consoleErrors, ...asker.consoleErrors, ...invitee.consoleErrors]).toEqual([]);
  });

  it('challenges a friend by name; the friend declines, then accepts into a battle', async () => {
    const [astrid, bjorn] = [ids[ASTRID] as bigint, ids[BJORN] as bigint];
    const c = game.contracts(ADMIN);
    const challenger = await playerPage(BJORN, '/arena');
    const friend = await playerPage(ASTRID, '/arena');
    const send = async () => {
      await challenger.page.getByLabel(`Vera #${veraOf[BJORN]} in the arsenal`).check();
      await challenger.page.getByLabel('Battle type').selectOption({ label: 'Casual' });
      await challenger.page.getByLabel('Or challenge a friend by name').fill('Ast');
      await challenger.page.getByRole('button', { name: 'Challenge Astrid' }).click();
      await txSucceeded(challenger.page, 'Challenging Astrid');
      return c.battles.read.openChallengeOf([bjorn]);
    };

    const waiting = async () => {
      const badge = friend.page.locator('.waiting-badge');
      return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
    };
    await friend.page.waitForTimeout(1_000);
    const waitingBefore = await waiting();
    // a moment's toast stays up 10 s: watch for it from the moment it can come, beside the other checks
    const heard = friend.page.locator('[data-sonner-toast]', { hasText: 'Bjorn challenged you' });
    const heardShown = heard.getByRole('button', { name: 'Answer' }).waitFor({ timeout: 40_000 });
    const first = await send();
    expect(first).toBeGreaterThan(0n);
    // the badge beside Me counts the challenge, pushed by the live stream
    await expect.poll(waiting, { timeout: 20_000 }).toBe(waitingBefore + 1);
    // the challenged player hears of it wherever they are, with a way to answer; the challenger does not
    await heardShown;
    expect(await challenger.page.locator('[data-sonner-toast]', { hasText: 'challenged you' }).count()).toBe(
      0,
    );
    const incoming = friend.page.getByTestId('challenges').getByRole('listitem').filter({ hasText: 'Bjorn' });
    await incoming.waitFor({ timeout: 20_000 });
    const declinedShown = challenger.page
      .locator('[data-sonner-toast]', { hasText: 'Astrid declined your challenge' })
      .waitFor({ timeout: 40_000 });
    await incoming.getByRole('button', { name: 'Decline' }).click();
    await txSucceeded(friend.page, "Declining Bjorn's challenge");
    // answered: no longer waiting
    await expect.poll(waiting, { timeout: 20_000 }).toBe(waitingBefore);
    await declinedShown;
    expect(await c.battles.read.openChallengeOf([bjorn])).toBe(0n);
    // the challenger's arena sees the refusal live and offers the search again
    await challenger.page.getByLabel('Or challenge a friend by name').waitFor({ timeout: 20_000 });
    await send();
    await incoming.waitFor({ timeout: 20_000 });
    await friend.page.getByLabel(`Vera #${veraOf[ASTRID]} in the arsenal`).check();
    await incoming.getByRole('button', { name: 'Accept with your arsenal' }).click();
    await txSucceeded(friend.page, "Accepting Bjorn's challenge");
    const battleId = await c.battles.read.battleCount();
    expect((await c.battles.read.statusOf([astrid]))[1]).toBe(battleId);
    // both arenas move to the new battle
    await friend.page.waitForURL(`**/battle/${battleId}`, { timeout: 30_000 });
    await challenger.page.waitForURL(`**/battle/${battleId}`, { timeout: 30_000 });
    await challenger.page.getByRole('heading', { name: 'Your move' }).waitFor();
    expect([...challenger.consoleErrors, ...friend.consoleErrors]).toEqual([]);
  });

  it('says when a /top page is past the end of the board and leads back to the last one', async () => {
    const { page: p, consoleErrors } = await stack.page();
    await p.goto(`${origin}/top?page=9`);
    await hydrated(p, consoleErrors);
    const note = p.getByRole('status').filter({ hasText: 'past the end of this board' });
    await note.waitFor({ timeout: 15_000 });
    expect(await p.getByText(/\d+–\d+ of \d+/).count()).toBe(0);
    await note.getByRole('link', { name: 'Go to the last page' }).click();
    await p.locator('tbody tr').first().waitFor({ timeout: 15_000 });
    await p.getByText(/^1–\d+ of \d+$/).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});

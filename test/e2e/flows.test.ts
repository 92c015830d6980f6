/**
 * The screens that change the chain: shop buy and sell through /confirm, bank lock and unlock on /nfts, a clan's
 * life (found, admin approval, invite, accept, kick, leave), the admin forms, and the read screens a resolved
 * battle feeds (/top, /viking/{id}). Every action is a real transaction signed by the injected test wallet and is
 * checked on chain; every page fails the test on a browser console error.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  type BrowserStack,
  clearToastLog,
  connect,
  createPlayer,
  type Game,
  hydrated,
  mined,
  playersIndexed,
  recordToasts,
  rpc,
  signIn,
  startBrowserStack,
  toastStates,
  txSucceeded,
  type WatchedPage,
  waitFor,
} from '../src/index.ts';

const ADMIN = 0;
const ASTRID = 1;
const BJORN = 2;

let stack: BrowserStack;
let game: Game;
let origin: string;
const ids: Record<number, bigint> = {};
const veraOf: Record<number, bigint> = {};
let clanId = 0n;
let admin: WatchedPage;

async function grantVera(characterId: bigint): Promise<bigint> {
  const c = game.contracts(ADMIN);
  await mined(game, c.veras.write.admin_grantVera([characterId, 1, 1, 1, 1, 5, false]));
  return c.veras.read.totalMinted();
}

/** A page with the player's wallet, connected on `path`, with toasts recorded. */
async function playerPage(index: number, path: string): Promise<WatchedPage> {
  const watched = await stack.page({ wallet: index });
  await recordToasts(watched.page);
  await watched.page.goto(`${origin}${path}`);
  await connect(watched.page);
  await watched.page.getByRole('button', { name: 'Me' }).waitFor({ timeout: 15_000 });
  return watched;
}

/** Waits until the gateway (so the indexer) has seen a change, then reloads the page to show it. */
async function indexed(what: string, probe: () => Promise<boolean>) {
  await waitFor(what, async () => ((await probe()) ? true : undefined), 20_000);
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${origin}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  stack = await startBrowserStack(async (g) => {
    game = g;
    ids[ADMIN] = BigInt(await createPlayer(g, ADMIN, 'Odin'));
    ids[ASTRID] = BigInt(await createPlayer(g, ASTRID, 'Astrid'));
    ids[BJORN] = BigInt(await createPlayer(g, BJORN, 'Bjorn'));
    const c = g.contracts(ADMIN);
    await mined(g, c.inventory.write.admin_grantRunix([ids[ASTRID] as bigint, 2_000n]));
    veraOf[ASTRID] = await grantVera(ids[ASTRID] as bigint);
    veraOf[BJORN] = await grantVera(ids[BJORN] as bigint);
  });
  origin = stack.gateway.url;
  await playersIndexed(origin, BJORN);
  admin = await stack.page({ wallet: ADMIN });
  await recordToasts(admin.page);
  await signIn(admin.page, origin, '/admin');
});

afterAll(async () => {
  await stack?.stop();
});

describe('skald web: actions on chain', () => {
  it('buys and sells in the shop through /confirm', async () => {
    const { page: p, consoleErrors } = await playerPage(ASTRID, '/shop');
    const astrid = ids[ASTRID] as bigint;
    const c = game.contracts(ADMIN);
    await p.getByText('buying power 0%').waitFor({ timeout: 15_000 }); // reputation read from chain
    const runixBefore = await c.inventory.read.runixOf([astrid]);

    await p.getByLabel('Quantity of Mead').fill('3');
    await p.getByRole('row', { name: /Mead/ }).getByRole('button', { name: 'Buy' }).click();
    await p.waitForURL('**/confirm?**');
    await p.getByRole('heading', { name: 'Confirm: Buy 3 × Mead' }).waitFor();
    await p.getByRole('button', { name: 'Confirm' }).click();
    await txSucceeded(p, 'Buy 3 × Mead');
    await p.waitForURL('**/shop');
    expect(await toastStates(p, 'Buy 3 × Mead')).toEqual(['loading', 'success']);
    expect(await c.inventory.read.itemOf([astrid, 3])).toBe(3n);
    expect(await c.inventory.read.runixOf([astrid])).toBe(runixBefore - 120n); // 3 × 40, no reputation yet
    // the shop's stock on the page follows the chain (2,000 - 3)
    await p.getByRole('row', { name: /Mead/ }).getByText('1,997').waitFor({ timeout: 20_000 });

    await p.getByLabel('Quantity of Mead').fill('1');
    await p.getByRole('row', { name: /Mead/ }).getByRole('button', { name: 'Sell' }).click();
    await p.getByRole('heading', { name: 'Confirm: Sell 1 × Mead' }).waitFor();
    await p.getByRole('button', { name: 'Confirm' }).click();
    await txSucceeded(p, 'Sell 1 × Mead');
    expect(await c.inventory.read.itemOf([astrid, 3])).toBe(2n);
    expect((await c.shop.read.getShopItem([1, 3])).quantity).toBe(1_998n);
    expect(consoleErrors).toEqual([]);
  });

  it('locks runix in the bank on /nfts and unlocks it once the lock has run out', async () => {
    const astrid = ids[ASTRID] as bigint;
    const c = game.contracts(ADMIN);
    // a 3 s lock on slot 1 so the test can wait it out on the wall clock the page also uses
    await mined(game, c.bank.write.admin_setLockDuration([0, 3n]));
    const { page: p, consoleErrors } = await playerPage(ASTRID, '/nfts');
    await p.getByRole('heading', { name: 'Bank' }).waitFor();
    const before = await c.inventory.read.runixOf([astrid]);
    await p.getByLabel('Runix to lock').fill('500');
    await p.getByRole('button', { name: 'Lock runix' }).click();
    await txSucceeded(p, 'Locking runix');
    expect(await toastStates(p, 'Locking runix')).toEqual(['loading', 'success']);
    const lock = await c.bank.read.getLock([astrid, 0]);
    expect(lock.runix).toBe(500n);
    expect(await c.inventory.read.runixOf([astrid])).toBe(before - 500n);
    const row = p.getByRole('row', { name: /500 runix/ });
    await row.waitFor({ timeout: 20_000 });

    // the button turns on by itself once the unlock date has passed; a block carries the chain past it too
    const unlock = row.getByRole('button', { name: 'Unlock' });
    expect(await unlock.isDisabled()).toBe(true);
    await p.waitForTimeout(Math.max(0, Number(lock.unlockDate) * 1000 - Date.now()) + 1_000);
    await rpc(stack.anvil, 'evm_mine');
    await expect.poll(() => unlock.isEnabled(), { timeout: 5_000 }).toBe(true);
    await unlock.click();
    await txSucceeded(p, 'Unlocking runix');
    expect(await c.inventory.read.runixOf([astrid])).toBe(before + lock.runixReward);
    expect((await c.bank.read.getLock([astrid, 0])).runix).toBe(0n);
    expect(consoleErrors).toEqual([]);
  });

  it('founds a clan, has it approved by an admin, invites, accepts, kicks and leaves', async () => {
    const [astrid, bjorn] = [ids[ASTRID] as bigint, ids[BJORN] as bigint];
    const c = game.contracts(ADMIN);
    const jarl = await playerPage(ASTRID, '/clans');
    await jarl.page.getByLabel('Name').fill('Shieldmaidens');
    await jarl.page.getByLabel('Tag').fill('SHM');
    await jarl.page.getByLabel('Description').fill('Linden shields, sharp wits.');
    await jarl.page.getByRole('button', { name: 'Found clan' }).click();
    await txSucceeded(jarl.page, 'Founding the clan');
    clanId = await c.clans.read.clanOf([astrid]);
    expect((await c.clans.read.getClan([clanId])).status).toBe(1);
    await jarl.page
      .getByRole('row', { name: /\[SHM\] Shieldmaidens/ })
      .getByText('Pending')
      .waitFor();

    await admin.page.goto(`${origin}/admin/clans/manage`);
    await hydrated(admin.page);
    await admin.page.getByLabel('Clan', { exact: true }).fill(String(clanId));
    await admin.page.getByRole('button', { name: 'Send decision' }).click();
    await txSucceeded(admin.page, 'Approve or decline a clan');
    expect((await c.clans.read.getClan([clanId])).status).toBe(2);

    await indexed(
      'the approval',
      async () => (await api<{ clan: { status: number } }>(`/api/clans/${clanId}`)).clan.status === 2,
    );
    await jarl.page.goto(`${origin}/clans/${clanId}`);
    await hydrated(jarl.page);
    await jarl.page.getByLabel('Invite a viking by name').fill('bjo');
    await jarl.page.getByRole('button', { name: 'Invite Bjorn' }).click();
    await txSucceeded(jarl.page, 'Sending the invitation');
    expect(await c.clans.read.isInvited([clanId, bjorn])).toBe(true);

    await indexed('the invite', async () =>
      (await api<{ events: { kind: string }[] }>(`/api/clans/${clanId}`)).events.some(
        (e) => e.kind === 'invite_sent',
      ),
    );
    const member = await playerPage(BJORN, `/clans/${clanId}`);
    await member.page.getByRole('button', { name: 'Accept invitation' }).click();
    await txSucceeded(member.page, 'Joining the clan');
    expect(await c.clans.read.clanOf([bjorn])).toBe(clanId);

    // the jarl sees the new member (live invalidation or a reload) and kicks him
    await indexed(
      'the join',
      async () => (await api<{ members: unknown[] }>(`/api/clans/${clanId}`)).members.length === 2,
    );
    await jarl.page.reload();
    await hydrated(jarl.page);
    await jarl.page.getByRole('row', { name: /Bjorn/ }).getByRole('button', { name: 'Kick' }).click();
    await txSucceeded(jarl.page, 'Kicking a member');
    expect(await c.clans.read.clanOf([bjorn])).toBe(0n);

    // invited again (straight on chain), he accepts and then leaves on his own
    await mined(game, game.contracts(ASTRID).clans.write.sendClanInvite([clanId, bjorn]));
    await mined(game, game.contracts(BJORN).clans.write.acceptClanInvite([clanId]));
    await indexed(
      'the second join',
      async () => (await api<{ members: unknown[] }>(`/api/clans/${clanId}`)).members.length === 2,
    );
    await member.page.reload();
    await hydrated(member.page);
    await member.page.getByRole('button', { name: 'Leave clan' }).click();
    await txSucceeded(member.page, 'Leaving the clan');
    expect(await c.clans.read.clanOf([bjorn])).toBe(0n);
    expect(jarl.consoleErrors).toEqual([]);
    expect(member.consoleErrors).toEqual([]);
  });

  it('sends the admin grants, shop changes and roles, each loading then succeeding on chain', async () => {
    const p = admin.page;
    const astrid = ids[ASTRID] as bigint;
    const c = game.contracts(ADMIN);
    const veraId = veraOf[ASTRID] as bigint;
    const before = {
      onyx: await c.inventory.read.onyxOf([astrid]),
      ore: await c.inventory.read.itemOf([astrid, 4]),
      boxes: (await c.inventory.read.lootBoxesOf([astrid])).length,
      exp: (await c.veras.read.getVera([veraId])).experience,
      wisp: (await c.clans.read.getClan([clanId])).wispExperience,
      stock: (await c.shop.read.getShopItem([1, 6])).quantity,
    };
    const send = async (path: string, fields: Record<string, string>, submit: string, label: string) => {
      await p.goto(`${origin}${path}`);
      await hydrated(p, admin.consoleErrors);
      await clearToastLog(p);
      for (const [name, value] of Object.entries(fields)) {
        const field = p.getByLabel(name, { exact: true });
        // a select's option by its value or its label (the shop forms' items by id: their labels carry prices)
        if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
        else await field.fill(value);
      }
      await p.getByRole('button', { name: submit }).click();
      await txSucceeded(p, label);
      expect({ path, states: await toastStates(p, label) }).toEqual({ path, states: ['loading', 'success'] });
    };
    const who = { Character: String(astrid) };

    await send('/admin/currency/grant-onyx', { ...who, Amount: '7' }, 'Grant onyx', 'Grant onyx');
    expect(await c.inventory.read.onyxOf([astrid])).toBe(before.onyx + 7n);

    await send('/admin/items/grant', { ...who, 'Item id': '4', Quantity: '2' }, 'Grant items', 'Grant items');
    expect(await c.inventory.read.itemOf([astrid, 4])).toBe(before.ore + 2n);

    await send(
      '/admin/items/grant-lootbox',
      { ...who, 'Box type (1–3)': '2', Species: 'Rolled at opening' },
      'Grant lootbox',
      'Grant a lootbox',
    );
    const boxes = await c.inventory.read.lootBoxesOf([astrid]);
    expect(boxes.length).toBe(before.boxes + 1);
    expect((await c.inventory.read.getLootBox([boxes[boxes.length - 1] as bigint])).boxType).toBe(2);

    await send(
      '/admin/exp/grant',
      { Vera: String(veraId), Experience: '40' },
      'Grant experience',
      'Grant vera experience',
    );
    expect((await c.veras.read.getVera([veraId])).experience).not.toBe(before.exp);

    await send(
      '/admin/exp/wisp',
      { Clan: String(clanId), Amount: '25' },
      'Grant wisp experience',
      'Grant wisp experience',
    );
    const clan = await c.clans.read.getClan([clanId]);
    expect(clan.wispExperience + BigInt(clan.wispLevel) > before.wisp + 1n).toBe(true);

    await send('/admin/shop/reprice', { Item: '6', 'Runix cost': '333' }, 'Reprice', 'Reprice a shop item');
    expect((await c.shop.read.getShopItem([1, 6])).runixCost).toBe(333n);

    await send(
      '/admin/shop/restock',
      { Item: '6', 'Quantity to add': '5' },
      'Restock',
      'Restock a shop item',
    );
    expect((await c.shop.read.getShopItem([1, 6])).quantity).toBe(before.stock + 5n);

    const newcomer = account(5).address;
    await send(
      '/admin/roles/grant',
      { Account: newcomer, Role: 'Admin', Action: 'Grant' },
      'Send',
      'Grant or revoke a role',
    );
    expect(await c.roles.read.hasRole([newcomer, 1])).toBe(true);

    // the audit on /admin lists the grants just made
    await indexed('the onyx grant', async () =>
      (await p.request.get(`${origin}/api/admin/audit?kind=onyx&limit=50`)).ok(),
    );
    await p.goto(`${origin}/admin`);
    await hydrated(p);
    await expect.poll(async () => p.getByText(/onyx/i).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('shows a resolved battle’s elo on /top and on the viking profile', async () => {
    const [astrid, bjorn] = [ids[ASTRID] as bigint, ids[BJORN] as bigint];
    const a = game.contracts(ASTRID);
    const b = game.contracts(BJORN);
    await mined(game, a.battles.write.enterQueue([astrid, 1, [veraOf[ASTRID] as bigint]]));
    await mined(game, b.battles.write.enterQueue([bjorn, 1, [veraOf[BJORN] as bigint]]));
    const battleId = await a.battles.read.battleCount();
    await mined(game, a.battles.write.submitActions([battleId, [0], []], { gas: 1_000_000n }));
    await mined(game, b.battles.write.submitActions([battleId, [1], []], { gas: 1_000_000n }));
    expect((await a.battles.read.getBattle([battleId])).result).not.toBe(0);
    const eloA = await a.battles.read.eloOf([astrid, 1]);
    const eloB = await a.battles.read.eloOf([bjorn, 1]);

    const { page: p, consoleErrors } = await stack.page();
    await indexed(
      'the elo change',
      async () =>
        (await api<{ items: { characterId: string }[] }>('/api/leaderboard/1?limit=100')).items.length >= 2,
    );
    await p.goto(`${origin}/top?type=1`);
    await hydrated(p);
    for (const [name, elo] of [
      ['Astrid', eloA],
      ['Bjorn', eloB],
    ] as const) {
      const row = p.getByRole('row', { name: new RegExp(name) });
      expect(await row.getByRole('cell').nth(2).textContent()).toBe(String(elo));
    }
    await p.getByRole('heading', { name: /Elo history/ }).waitFor();

    await p
      .getByRole('row', { name: /Astrid/ })
      .getByRole('link', { name: 'Astrid' })
      .click();
    await p.waitForURL(`**/viking/${astrid}`);
    await p.getByRole('heading', { name: /Astrid/ }).waitFor();
    await p.getByText('[SHM] Shieldmaidens').waitFor(); // still the jarl of the clan she founded
    const elo = p.locator('section[aria-labelledby="elo-title"]');
    expect(await elo.getByText(String(eloA), { exact: true }).count()).toBe(1);
    await p
      .getByText(/1 battles/)
      .first()
      .waitFor();
    await p.getByRole('link', { name: new RegExp(`Vera #${veraOf[ASTRID]}`) }).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});

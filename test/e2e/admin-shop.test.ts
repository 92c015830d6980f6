/**
 * The admin's shop tools by name: the shop and the item picked from lists that show each item's price and stock
 * in that shop, a reprice checked on chain and then shown as the new price, a reprice of an item the shop does not
 * have refused until its addition is ticked (nothing is sent before), a restock by name, and a restock of an
 * item the shop lacks refused with a sentence; with the keyboard, at 1280 and at 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  type BrowserStack,
  clearToastLog,
  createPlayer,
  type Game,
  hydrated,
  mined,
  recordToasts,
  signIn,
  startBrowserStack,
  toastStates,
  txSucceeded,
  type WatchedPage,
} from '../src/index.ts';

const ADMIN = 0;
/** a second shop, opened on chain before the test with one item: Mead (item 3) at 55 runix, 7 in stock */
const SHOP_2 = 2;
const REPRICE = 'Reprice a shop item';
const RESTOCK = 'Restock a shop item';

let stack: BrowserStack;
let game: Game;
let origin: string;

beforeAll(async () => {
  stack = await startBrowserStack(async (g) => {
    game = g;
    await createPlayer(g, ADMIN, 'Odin');
    const c = g.contracts(ADMIN);
    await mined(g, c.shop.write.admin_repriceShop([SHOP_2, 3, 55n]));
    await mined(g, c.shop.write.admin_restockShop([SHOP_2, 3, 7n]));
  });
  origin = stack.gateway.url;
});

afterAll(async () => {
  await stack?.stop();
});

const shopItem = (shopId: number, itemId: number) =>
  game.contracts(ADMIN).shop.read.getShopItem([shopId, itemId]);
const sentCount = () => game.publicClient.getTransactionCount({ address: account(ADMIN).address });

async function adminPage(width: number, path: string): Promise<WatchedPage> {
  const watched = await stack.page({ wallet: ADMIN, viewport: { width, height: 900 } });
  await recordToasts(watched.page);
  await signIn(watched.page, origin, path);
  await hydrated(watched.page, watched.consoleErrors);
  return watched;
}

function form(p: Page) {
  return {
    shop: p.getByRole('combobox', { name: 'Shop', exact: true }),
    item: p.getByRole('combobox', { name: 'Item', exact: true }),
    now: p.getByRole('status', { name: 'Current price and stock' }),
    errors: p.locator('ul.form-errors[role="alert"]'),
  };
}

/** The text of the option a select shows as chosen. */
const chosen = (select: ReturnType<typeof form>['shop']) =>
  select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');

const isFocused = (locator: ReturnType<typeof form>['shop']) =>
  locator.evaluate((el) => el === document.activeElement);

/**
 * Clicks (or presses) `send` and waits for this send's own toast to succeed: an earlier send's success toast may
 * still be on screen, so the toast log is cleared first and read for the new states.
 */
async function sendAndWait(p: Page, label: string, send: () => Promise<void>) {
  await clearToastLog(p);
  await send();
  await expect
    .poll(async () => (await toastStates(p, label)).at(-1), { timeout: 20_000 })
    .toMatch(/^(success|error)$/);
  expect(await toastStates(p, label)).toEqual(['loading', 'success']);
}

/** Nothing wider than the viewport, unless inside a box that scrolls it (the fidelity test's rule). */
async function overflows(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders: string[] = [];
    if (document.documentElement.scrollWidth > width)
      offenders.push(`page scrollWidth ${document.documentElement.scrollWidth}`);
    const contained = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
      }
      return false;
    };
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && !contained(el))
        offenders.push(`${el.tagName.toLowerCase()} right=${box.right}`);
    }
    return offenders.slice(0, 5);
  });
}

describe('admin shop tools', () => {
  it('reprices an item picked by name with the keyboard, then asks before adding an item to a shop', async () => {
    const { page: p, consoleErrors } = await adminPage(1280, '/admin/shop/reprice');
    const f = form(p);

    // the lists: shops by name, items by name with their price and stock in the chosen shop
    await f.shop.waitFor();
    expect(await chosen(f.shop)).toBe('Shop 1 (the players’ /shop page) · 6 items');
    expect(await f.shop.locator('option').allTextContents()).toEqual([
      'Shop 1 (the players’ /shop page) · 6 items',
      'Shop 2 · 1 item',
      'A new shop (by id)…',
    ]);
    const shop1Items = await f.item.locator('option').allTextContents();
    expect(shop1Items).toContain('Healing draught · 10 runix · 10,000 in stock');
    expect(shop1Items).toContain('Dragon scale · 300 runix · 100 in stock');
    expect(await f.now.textContent()).toBe('Healing draught in Shop 1: 10 runix, 10,000 in stock.');

    // by keyboard: from the shop list to the item list, "Dr" picks Dragon scale, a price, Enter sends
    await f.shop.focus();
    await p.keyboard.press('Tab');
    expect(await isFocused(f.item)).toBe(true);
    await p.keyboard.type('Dr');
    await expect.poll(() => chosen(f.item)).toBe('Dragon scale · 300 runix · 100 in stock');
    expect(await f.now.textContent()).toBe('Dragon scale in Shop 1: 300 runix, 100 in stock.');
    expect(await p.getByRole('checkbox').count()).toBe(0); // Dragon scale is in Shop 1: nothing to confirm
    await p.keyboard.press('Tab');
    expect(await isFocused(p.getByLabel('Runix cost', { exact: true }))).toBe(true);
    await p.keyboard.type('333');
    await sendAndWait(p, REPRICE, () => p.keyboard.press('Enter'));
    expect((await shopItem(1, 6)).runixCost).toBe(333n);
    // the index follows, and the form shows the new price
    await expect
      .poll(() => f.now.textContent(), { timeout: 20_000 })
      .toBe('Dragon scale in Shop 1: 333 runix, 100 in stock.');
    expect(await chosen(f.item)).toBe('Dragon scale · 333 runix · 100 in stock');

    // Shop 2 has only Mead: Dragon scale there needs the tick, and nothing is sent without it
    await f.shop.selectOption({ label: 'Shop 2 · 1 item' });
    await expect.poll(() => f.item.locator('optgroup').first().getAttribute('label')).toBe('In Shop 2');
    expect(await f.item.locator('optgroup[label="In Shop 2"] option').allTextContents()).toEqual([
      'Mead · 55 runix · 7 in stock',
    ]);
    await f.item.selectOption({ label: 'Dragon scale · not in Shop 2' });
    expect(await f.now.textContent()).toBe('Dragon scale is not in Shop 2.');
    const confirm = p.getByRole('checkbox', { name: 'Add Dragon scale to Shop 2 at this price' });
    expect(await confirm.isChecked()).toBe(false);
    await p.getByLabel('Runix cost', { exact: true }).fill('500');
    await clearToastLog(p);
    const before = await sentCount();
    await p.getByRole('button', { name: 'Reprice', exact: true }).click();
    await expect
      .poll(() => f.errors.textContent())
      .toBe('Dragon scale is not in Shop 2 yet: tick “Add Dragon scale to Shop 2 at this price” to add it.');
    await p.waitForTimeout(500);
    expect(await toastStates(p, REPRICE)).toEqual([]);
    expect(await sentCount()).toBe(before);
    expect((await shopItem(SHOP_2, 6)).exists).toBe(false);

    // a tick for another pair does not carry over: ticked for Iron ore, then back to Dragon scale
    await f.item.selectOption({ label: 'Iron ore · not in Shop 2' });
    await p.getByRole('checkbox', { name: 'Add Iron ore to Shop 2 at this price' }).check();
    await f.item.selectOption({ label: 'Dragon scale · not in Shop 2' });
    expect(await confirm.isChecked()).toBe(false);

    // ticked with the keyboard, it is sent and adds the item
    await confirm.focus();
    await p.keyboard.press('Space');
    expect(await confirm.isChecked()).toBe(true);
    await sendAndWait(p, REPRICE, () => p.getByRole('button', { name: 'Reprice', exact: true }).click());
    const added = await shopItem(SHOP_2, 6);
    expect(added.exists).toBe(true);
    expect(added.runixCost).toBe(500n);
    expect((await shopItem(SHOP_2, 4)).exists).toBe(false); // Iron ore was only ticked, never sent
    await expect
      .poll(() => f.now.textContent(), { timeout: 20_000 })
      .toBe('Dragon scale in Shop 2: 500 runix, 0 in stock.');
    expect(await p.getByRole('checkbox').count()).toBe(0);
    expect(await chosen(f.shop)).toBe('Shop 2 · 2 items');
    expect(consoleErrors).toEqual([]);
  });

  it('restocks an item by name and refuses one the shop does not have', async () => {
    const { page: p, consoleErrors } = await adminPage(1280, '/admin/shop/restock');
    const f = form(p);
    await f.shop.waitFor();
    // no new shop here: a restock only adds to items a shop already has
    expect(await f.shop.locator('option').allTextContents()).toEqual([
      'Shop 1 (the players’ /shop page) · 6 items',
      'Shop 2 · 2 items',
    ]);
    await f.shop.selectOption({ label: 'Shop 2 · 2 items' });
    await f.item.selectOption({ label: 'Mead · 55 runix · 7 in stock' });
    expect(await f.now.textContent()).toBe('Mead in Shop 2: 55 runix, 7 in stock.');
    await p.getByLabel('Quantity to add', { exact: true }).fill('5');
    await sendAndWait(p, RESTOCK, () => p.getByRole('button', { name: 'Restock', exact: true }).click());
    expect((await shopItem(SHOP_2, 3)).quantity).toBe(12n);
    await expect
      .poll(() => f.now.textContent(), { timeout: 20_000 })
      .toBe('Mead in Shop 2: 55 runix, 12 in stock.');

    // Iron ore is not in Shop 2: said as soon as it is chosen, and the send is refused before the wallet
    await f.item.selectOption({ label: 'Iron ore · not in Shop 2' });
    const refusal = 'Iron ore is not in Shop 2, so it cannot be restocked. Reprice it there first to add it.';
    await p.getByText(refusal, { exact: true }).waitFor();
    await clearToastLog(p);
    const before = await sentCount();
    await p.getByRole('button', { name: 'Restock', exact: true }).click();
    await expect.poll(() => f.errors.textContent()).toBe(refusal);
    await p.waitForTimeout(500);
    expect(await toastStates(p, RESTOCK)).toEqual([]);
    expect(await sentCount()).toBe(before);
    expect((await shopItem(SHOP_2, 4)).exists).toBe(false);
    expect(consoleErrors).toEqual([]);
  });

  it('fits 375 px: restocks by name on a phone, and both forms stay inside the screen', async () => {
    const { page: p, consoleErrors } = await adminPage(375, '/admin/shop/restock');
    const f = form(p);
    await f.shop.waitFor();
    expect(await overflows(p)).toEqual([]);
    const stock = (await shopItem(1, 1)).quantity;
    await f.item.selectOption({ label: `Healing draught · 10 runix · 10,000 in stock` });
    await p.getByLabel('Quantity to add', { exact: true }).fill('10');
    await p.getByRole('button', { name: 'Restock', exact: true }).click();
    await txSucceeded(p, RESTOCK); // this page's only send
    expect((await shopItem(1, 1)).quantity).toBe(stock + 10n);
    await expect
      .poll(() => f.now.textContent(), { timeout: 20_000 })
      .toBe('Healing draught in Shop 1: 10 runix, 10,010 in stock.');
    expect(await overflows(p)).toEqual([]);

    await p.goto(`${origin}/admin/shop/reprice`);
    await hydrated(p, consoleErrors);
    await f.shop.waitFor();
    await f.shop.selectOption({ label: 'A new shop (by id)…' });
    await p.getByLabel('New shop id', { exact: true }).fill('9');
    await f.item.selectOption({ label: 'Another item (by id)…' });
    await p.getByLabel('Item id', { exact: true }).fill('77');
    expect(await f.now.textContent()).toBe('Item #77 is not in Shop 9.');
    await p.getByRole('checkbox', { name: 'Add Item #77 to Shop 9 at this price' }).waitFor();
    expect(await overflows(p)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('says so while the shops load and when they cannot be loaded, with a retry', async () => {
    const { page: p, consoleErrors } = await adminPage(1280, '/admin');
    const f = form(p);
    // the first answer is held back, then refused; the retry goes through
    let calls = 0;
    await p.route('**/api/shop', async (route) => {
      calls += 1;
      if (calls > 2) return route.continue();
      await new Promise((r) => setTimeout(r, 1_500));
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Try again soon"}',
      });
    });
    await p.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: REPRICE }).click();
    await p.getByRole('status').filter({ hasText: 'Loading the shops and their prices…' }).waitFor();
    const failed = p.getByRole('alert').filter({ hasText: 'The shops could not be loaded: Try again soon' });
    await failed.waitFor({ timeout: 20_000 });
    expect(await f.shop.count()).toBe(0);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await f.shop.waitFor();
    expect(await chosen(f.shop)).toBe('Shop 1 (the players’ /shop page) · 6 items');
    // the two refused answers are the only console errors
    expect(consoleErrors.filter((e) => !e.includes('503'))).toEqual([]);
  });
});

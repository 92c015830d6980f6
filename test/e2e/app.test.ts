/**
 * The web app end to end: a real chain, the indexer, the gateway serving the built app, and Chromium with a
 * wallet backed by an anvil account. Each test asserts what a person sees and fails on browser console errors.
 */

import type { Anvil } from '@skald/chain';
import { publicStats, STAT_KEYS } from '@skald/game';
import type { RunningGateway } from '@skald/gateway';
import type { RunningIndexer } from '@skald/indexer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  createPlayer,
  createTestDatabase,
  type Game,
  gameOn,
  hydrated,
  injectWallet,
  launchBrowser,
  mined,
  openPage,
  seriousViolations,
  startChain,
  startGatewayFor,
  startIndexing,
  type TestChain,
  type TestDatabase,
  type WatchedPage,
} from '../src/index.ts';

let chain: TestChain;
let anvil: Anvil;
let database: TestDatabase;
let game: Game;
let indexer: RunningIndexer;
let gateway: RunningGateway;
let browser: Browser;
let playerId: string;
const opened: WatchedPage[] = [];
let lastProbe = '';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${lastProbe})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function page(options: { wallet?: number; viewport?: { width: number; height: number } } = {}) {
  const watched = await openPage(browser, {
    viewport: options.viewport,
    prepare:
      options.wallet === undefined
        ? undefined
        : (p) => injectWallet(p, { account: account(options.wallet as number), rpcUrl: anvil.rpcUrl }),
  });
  opened.push(watched);
  return watched;
}

async function connect(p: Page) {
  await hydrated(p);
  await p.getByRole('banner').getByRole('button', { name: 'Connect' }).click();
}

async function signIn(p: Page, next: string) {
  await p.goto(`${gateway.url}/login?next=${encodeURIComponent(next)}`);
  await connect(p);
  await p.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL(`**${next}`);
  await hydrated(p);
}

async function encounter(index: number): Promise<bigint> {
  const c = game.contracts(index);
  const before = await c.veras.read.totalMinted();
  await c.veras.simulate.encounter([1], { account: account(index) }); // names the error if the contract would refuse
  // explicit gas: the roll (and so the gas used) differs between estimate and execution blocks
  await mined(game, c.veras.write.encounter([1], { gas: 1_000_000n }));
  return before + 1n;
}

beforeAll(async () => {
  chain = await startChain();
  anvil = chain.anvil;
  game = gameOn(chain);
  await createPlayer(game, 0, 'Odin'); // the deployer holds the admin role
  playerId = await createPlayer(game, 1, 'Astrid');
  const runId = `${Date.now().toString(36)}${process.pid}`;
  database = await createTestDatabase('skald_e2e');
  indexer = await startIndexing(chain, database, runId);
  gateway = await startGatewayFor(game, indexer, database);
  browser = await launchBrowser();
  await waitFor('the player to be indexed', async () => {
    const res = await fetch(`${gateway.url}/api/viking/data?address=${account(1).address}`);
    if (!res.ok) lastProbe = `${res.status} ${await res.text()}`;
    return res.ok ? true : undefined;
  });
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
  await indexer?.stop();
  await chain?.stop();
  await database?.drop();
});

describe('skald web', () => {
  it('renders the not-found page with status 404 for unknown paths and ids', async () => {
    expect((await fetch(`${gateway.url}/no-such-page`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/vera/999999`)).status).toBe(404);
    const { page: p, consoleErrors } = await page();
    const response = await p.goto(`${gateway.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => p.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    expect(await p.getByText('Page not found: /no-such-page').isVisible()).toBe(true);
    expect(await p.title()).toContain('Page Not Found');
    expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('greets a connecting player with a welcome toast and shows the abbreviated address', async () => {
    const { page: p, consoleErrors } = await page({ wallet: 1 });
    await p.goto(gateway.url);
    await connect(p);
    const welcome = p.getByText('Welcome Astrid!');
    await welcome.waitFor({ timeout: 15_000 });
    const address = account(1).address;
    await p.getByRole('button', { name: `${address.slice(0, 6)}…${address.slice(-4)}` }).waitFor();
    await p.getByRole('button', { name: 'Me' }).waitFor();
    // the welcome toast sits bottom-right
    expect(
      await p.locator('[data-sonner-toaster][data-x-position="right"]').getByText('Welcome Astrid!').count(),
    ).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  it('shows a bottom-left mint toast for a vera minted on chain, and View opens it with the right stats', async () => {
    const { page: p, consoleErrors } = await page();
    await p.goto(gateway.url);
    await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await p.waitForTimeout(500); // the live socket subscribes right after hydration
    const veraId = await encounter(1);
    const toast = p
      .locator('[data-sonner-toaster][data-x-position="left"]')
      .getByText(`Astrid minted Vera #${veraId}`);
    await toast.waitFor({ timeout: 15_000 });
    const onChain = await game.contracts(1).veras.read.getVera([veraId]);
    const stats = publicStats([...onChain.innate], onChain.subRune);
    const total = STAT_KEYS.reduce((sum, k) => sum + stats[k], 0);
    await p.getByText(`Stat total ${total}`).first().waitFor();
    await p.getByRole('button', { name: 'View' }).first().click();
    await p.waitForURL(`**/vera/${veraId}`);
    await p.getByRole('heading', { name: new RegExp(`Vera #${veraId}`) }).waitFor();
    for (const key of STAT_KEYS) {
      expect(await p.locator(`[data-stat="${key}"] dd`).textContent()).toBe(String(stats[key]));
    }
    expect(consoleErrors).toEqual([]);
  });

  it('darkens, hides and shows the header by the scroll rules', async () => {
    const { page: p, consoleErrors } = await page();
    await p.goto(gateway.url);
    await p.evaluate(() => {
      document.body.style.minHeight = '4000px';
    });
    const opacity = () =>
      p.locator('[data-testid="header-bg"]').evaluate((el) => getComputedStyle(el).opacity);
    const hidden = () => p.locator('header.site-header').getAttribute('data-hidden');
    await p.mouse.move(600, 600);
    // the scroll listener attaches on hydration, which a loaded machine may not have reached yet: scroll again
    // on each poll until the header answers
    await expect
      .poll(async () => {
        await p.evaluate(() => window.scrollTo(0, 99));
        await p.evaluate(() => window.scrollTo(0, 100));
        return opacity();
      })
      .toBe('0.5');
    await p.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(hidden).toBe('true');
    await expect.poll(opacity).toBe('0.95');
    await p.evaluate(() => window.scrollTo(0, 395)); // under the 10 px threshold: no decision
    await p.waitForTimeout(100);
    expect(await hidden()).toBe('true');
    await p.evaluate(() => window.scrollTo(0, 380)); // up 20 px: shows
    await expect.poll(hidden).toBe('false');
    await p.locator('header.site-header').hover(); // pointer over the bar: scrolling down keeps it
    await p.evaluate(() => window.scrollTo(0, 900));
    await p.waitForTimeout(100);
    expect(await hidden()).toBe('false');
    await p.mouse.move(600, 600);
    await p.evaluate(() => window.scrollTo(0, 30)); // near the top: always shown
    await expect.poll(hidden).toBe('false');
    expect(consoleErrors).toEqual([]);
  });

  it('opens the mobile menu and closes it on a choice', async () => {
    const { page: p, consoleErrors } = await page({ viewport: { width: 390, height: 800 } });
    await p.goto(gateway.url);
    expect(
      await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Top' }).isVisible(),
    ).toBe(false);
    // the button works once React has hydrated it (a loaded machine may not be there yet)
    await hydrated(p, consoleErrors);
    await p.getByRole('button', { name: 'Open menu' }).click();
    const menu = p.getByRole('navigation', { name: 'Menu' });
    await menu.waitFor();
    for (const name of ['Top', 'Clans', 'Live'])
      expect(await menu.getByRole('link', { name }).isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Clans' }).click();
    await p.waitForURL('**/clans');
    await expect.poll(() => menu.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('keeps players out of /admin and lets an admin grant runix', async () => {
    const anonymous = await fetch(`${gateway.url}/admin`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toContain('/login');

    const player = await page({ wallet: 1 });
    await signIn(player.page, '/');
    const forbidden = await player.page.goto(`${gateway.url}/admin`);
    expect(forbidden?.status()).toBe(403);
    await player.page.getByRole('heading', { name: 'Forbidden' }).waitFor();
    expect(await player.page.getByRole('heading', { name: 'Admin' }).count()).toBe(0);

    const admin = await page({ wallet: 0 });
    await signIn(admin.page, '/admin/currency/grant-runix');
    const before = await game.contracts(0).inventory.read.runixOf([BigInt(playerId)]);
    await admin.page.getByLabel('Character', { exact: true }).fill(playerId);
    await admin.page.getByLabel('Amount').fill('250');
    await admin.page.getByRole('button', { name: 'Grant runix' }).click();
    await admin.page
      .locator('[data-sonner-toast][data-type="success"]', { hasText: 'Grant runix: done' })
      .waitFor({ timeout: 20_000 });
    expect(await game.contracts(0).inventory.read.runixOf([BigInt(playerId)])).toBe(before + 250n);

    // a contract error comes back as the contract's named error in words
    await admin.page.getByLabel('Character', { exact: true }).fill('424242');
    await admin.page.getByRole('button', { name: 'Grant runix' }).click();
    await admin.page
      .locator('[data-sonner-toast][data-type="error"]', { hasText: 'Character #424242 does not exist.' })
      .waitFor({ timeout: 20_000 });
    expect(player.consoleErrors.filter((e) => !e.includes('403'))).toEqual([]);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('streams /live, filters by type and resumes after a forced disconnect', async () => {
    const { page: p, consoleErrors } = await page();
    await p.goto(`${gateway.url}/live`);
    await p.locator('[data-live-status="live"]').waitFor();
    const first = await encounter(1);
    const rows = p.locator('.live-row[data-type="mint"]');
    await p.locator('.live-row').getByText(`Astrid minted Vera #${first}`).waitFor({ timeout: 15_000 });
    await p.getByRole('button', { name: 'battle' }).click();
    await expect.poll(() => rows.count()).toBe(0);
    await p.getByRole('button', { name: 'battle' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(0);

    await p.evaluate(() => (window as unknown as { __skaldLive: { drop(): number } }).__skaldLive.drop());
    const second = await encounter(1);
    const third = await encounter(1);
    const feed = p.locator('.live-row');
    await feed.getByText(`Astrid minted Vera #${second}`).waitFor({ timeout: 20_000 });
    await feed.getByText(`Astrid minted Vera #${third}`).waitFor({ timeout: 20_000 });
    // each event exactly once
    expect(await feed.getByText(`Astrid minted Vera #${second}`).count()).toBe(1);
    expect(consoleErrors.filter((e) => !e.includes('WebSocket'))).toEqual([]);
  });

  it('has no serious accessibility violations (contrast included) on the home, vera, live, top, clans, shop and start pages', async () => {
    const { page: p, consoleErrors } = await page();
    const veraId = await encounter(1);
    for (const path of [
      '/',
      `/vera/${veraId}`,
      '/live',
      '/live?type=mint',
      '/top',
      '/top?page=9',
      '/clans',
      '/shop',
      '/start',
    ]) {
      consoleErrors.length = 0;
      await p.goto(`${gateway.url}${path}`);
      await p.waitForLoadState('networkidle');
      await p.waitForTimeout(300);
      expect({ path, consoleErrors }).toEqual({ path, consoleErrors: [] });
      await hydrated(p);
      expect({ path, violations: await seriousViolations(p) }).toEqual({ path, violations: [] });
    }
  });
});

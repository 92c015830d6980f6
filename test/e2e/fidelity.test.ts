/**
 * The spec's finer rules on the production build: a wallet on another network, cache ages on hover, the reload
 * guard after a failed chunk load, toasts that never block (bursts, mute, welcome once), every route at 375 px,
 * error pages by status with one <title>, and every picture through the image proxy as webp with a srcset.
 */

import { WALLET_ERRORS } from '@skald/game';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  type BrowserStack,
  connect,
  createPlayer,
  type Game,
  hydrated,
  mined,
  signIn,
  startBrowserStack,
  type WalletNetwork,
  type WatchedPage,
  waitFor,
} from '../src/index.ts';

const ADMIN = 0;
const ASTRID = 1;
const GAME_CHAIN_HEX = `0x${(5611).toString(16)}`;

let stack: BrowserStack;
let game: Game;
let origin: string;
let astridId: string;
let odinId: string;
let veraId: bigint;
const opened: WatchedPage[] = [];

async function page(options: Parameters<BrowserStack['page']>[0] = {}) {
  const watched = await stack.page(options);
  opened.push(watched);
  return watched;
}

async function grantVera(to: string = astridId): Promise<bigint> {
  const c = game.contracts(ADMIN);
  await mined(game, c.veras.write.admin_grantVera([BigInt(to), 1, 1, 2, 1, 1, false], { gas: 1_000_000n }));
  return c.veras.read.totalMinted();
}

/**
 * Scrolls `selector`'s first match into the view, then to its bottom edge (where the toast stacks sit), lets the
 * page settle, and answers what a click at its centre would reach: '' when the element itself, else what took it.
 */
async function coveredAtBottom(p: Page, selector: string): Promise<string> {
  // data still arriving (or the page's height changing) can move the element after a scroll: scroll again
  // until it stays where it was put
  for (let attempt = 0; attempt < 5; attempt++) {
    const put = await p.evaluate((sel) => {
      const el = document.querySelector(sel) as HTMLElement;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const box = el.getBoundingClientRect();
      window.scrollBy(0, box.bottom - (window.innerHeight - 24));
      return el.getBoundingClientRect().bottom;
    }, selector);
    await p.waitForTimeout(700);
    const now = await p.evaluate(
      (sel) => document.querySelector(sel)?.getBoundingClientRect().bottom,
      selector,
    );
    if (now !== undefined && Math.abs(now - put) < 1) break;
  }
  return p.evaluate((sel) => {
    const el = document.querySelector(sel) as HTMLElement;
    const box = el.getBoundingClientRect();
    if (box.bottom > window.innerHeight || box.right > window.innerWidth || box.left < 0)
      return `not brought to the bottom of the view (${JSON.stringify(box)})`;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit !== null && (hit === el || el.contains(hit))) return '';
    const lists = Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toaster]')).map(
      (l) =>
        `${l.dataset.yPosition}-${l.dataset.xPosition} translate=${l.style.translate} toasts=${Array.from(
          l.querySelectorAll('[data-sonner-toast]'),
        )
          .map((t) => JSON.stringify(t.getBoundingClientRect()))
          .join(',')}`,
    );
    return `${hit?.tagName}.${hit?.className} ${hit?.textContent?.slice(0, 80)} | action ${JSON.stringify(box)} | ${lists.join(' ; ')}`;
  }, selector);
}

/** Requests whose path (and query) match, counted from now on. */
function countRequests(p: Page, match: (url: URL) => boolean) {
  const seen: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (match(url)) seen.push(url.pathname + url.search);
  };
  p.on('request', onRequest);
  return {
    get count() {
      return seen.length;
    },
    stop: () => p.off('request', onRequest),
  };
}

/** Hover a link so the router preloads it (intent), then move the pointer away. */
async function hoverLink(p: Page, name: string | RegExp) {
  await p.mouse.move(1, 700);
  await p.getByRole('link', { name }).first().hover();
  await p.waitForTimeout(400);
  await p.mouse.move(1, 700);
}

beforeAll(async () => {
  stack = await startBrowserStack(async (g) => {
    odinId = await createPlayer(g, ADMIN, 'Odin'); // the deployer holds the admin role
    astridId = await createPlayer(g, ASTRID, 'Astrid');
  });
  game = stack.game;
  origin = stack.gateway.url;
  veraId = await grantVera();
  await waitFor('the vera to be indexed', async () =>
    (await fetch(`${origin}/api/vera/${veraId}`)).ok ? true : undefined,
  );
});

afterAll(async () => {
  for (const w of opened) await w.context.close().catch(() => undefined);
  await stack?.stop();
});

describe('wrong network', () => {
  it('asks a wallet on another chain to switch, adding the chain when the wallet does not know it', async () => {
    const network: WalletNetwork = { startChainId: 1, knowsGameChain: false, calls: [] };
    const { page: p, consoleErrors } = await page({ wallet: ASTRID, network });
    await p.goto(origin);
    await connect(p);
    const address = account(ASTRID).address;
    await p
      .getByRole('banner')
      .getByRole('button', { name: `${address.slice(0, 6)}…${address.slice(-4)}` })
      .waitFor({ timeout: 15_000 });
    const methods = (network.calls ?? []).map((c) => c.method);
    const switchAt = methods.indexOf('wallet_switchEthereumChain');
    const addAt = methods.indexOf('wallet_addEthereumChain');
    expect(switchAt).toBeGreaterThanOrEqual(0);
    expect(addAt).toBeGreaterThan(switchAt);
    const added = network.calls?.[addAt]?.params[0] as {
      chainId: string;
      nativeCurrency: { symbol: string; decimals: number };
      rpcUrls: string[];
    };
    expect(added.chainId).toBe(GAME_CHAIN_HEX);
    expect(added.nativeCurrency).toMatchObject({ symbol: 'tBNB', decimals: 18 });
    expect(added.rpcUrls.length).toBeGreaterThan(0);
    expect(await p.getByRole('button', { name: 'Wrong network' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the wrong-network state, the spec message on a refused switch, and disables actions', async () => {
    const network: WalletNetwork = { startChainId: 97, rejectSwitch: true, calls: [] };
    const { page: p, consoleErrors } = await page({ wallet: ASTRID, network });
    await p.goto(`${origin}/clans`);
    await connect(p);
    const header = p.getByRole('banner');
    await header.getByRole('button', { name: 'Wrong network' }).waitFor({ timeout: 15_000 });
    await p.getByText(WALLET_ERRORS.switchChainRejected).first().waitFor();
    await header.getByRole('alert').getByRole('button', { name: 'Switch network' }).waitFor();
    // the player has a viking, so the clan form shows, but it cannot be sent from the wrong chain
    const found = p.getByRole('main').getByRole('button', { name: 'Found clan' });
    await found.waitFor({ timeout: 15_000 });
    expect(await found.isDisabled()).toBe(true);
    // asking again from the header sends another switch request
    const before = network.calls?.filter((c) => c.method === 'wallet_switchEthereumChain').length ?? 0;
    await header.getByRole('button', { name: 'Wrong network' }).click();
    await expect
      .poll(() => network.calls?.filter((c) => c.method === 'wallet_switchEthereumChain').length ?? 0)
      .toBe(before + 1);
    // the player accepts the next time: connected, actions enabled
    network.rejectSwitch = false;
    await header.getByRole('button', { name: 'Wrong network' }).click();
    const address = account(ASTRID).address;
    await header
      .getByRole('button', { name: `${address.slice(0, 6)}…${address.slice(-4)}` })
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => found.isDisabled()).toBe(false);
    expect(await header.getByRole('alert').count()).toBe(0);
    expect(consoleErrors.filter((e) => !e.includes('rejected'))).toEqual([]);
  });
});

describe('cache ages', () => {
  it('refetches a hovered viking after 30 s and other data after 5 s, but never a vera', async () => {
    // vera page: links to its viking; viking page: links to its veras; the header: Clans
    const vikingPage = await page();
    const veraPage = await page();
    await vikingPage.page.goto(`${origin}/vera/${veraId}`);
    await veraPage.page.goto(`${origin}/viking/${astridId}`);
    await hydrated(vikingPage.page);
    await hydrated(veraPage.page);
    const vikingFetches = countRequests(vikingPage.page, (u) => u.pathname === `/api/viking/${astridId}`);
    const clanFetches = countRequests(vikingPage.page, (u) => u.pathname === '/api/clans');
    // the vera page had the vera from the server; make the viking page's copy come from a hover too
    const veraFetches = countRequests(veraPage.page, (u) => u.pathname === `/api/vera/${veraId}`);

    await hoverLink(vikingPage.page, 'Astrid');
    await hoverLink(veraPage.page, new RegExp(`Vera #${veraId}`));
    await hoverLink(vikingPage.page, 'Clans');
    await expect.poll(() => vikingFetches.count).toBe(1);
    await expect.poll(() => veraFetches.count).toBe(1);
    await expect.poll(() => clanFetches.count).toBe(1);
    const first = Date.now();

    // within 5 s: everything is fresh
    await hoverLink(vikingPage.page, 'Astrid');
    await hoverLink(vikingPage.page, 'Clans');
    await vikingPage.page.waitForTimeout(500);
    expect(clanFetches.count).toBe(1);
    expect(vikingFetches.count).toBe(1);

    // after 5 s: the clan list is stale, the viking (30 s) is not
    await vikingPage.page.waitForTimeout(Math.max(0, first + 6_000 - Date.now()));
    await hoverLink(vikingPage.page, 'Clans');
    await hoverLink(vikingPage.page, 'Astrid');
    await expect.poll(() => clanFetches.count).toBe(2);
    await vikingPage.page.waitForTimeout(500);
    expect(vikingFetches.count).toBe(1);

    // after 30 s: the viking refetches on hover; the vera never does
    await vikingPage.page.waitForTimeout(Math.max(0, first + 31_000 - Date.now()));
    await hoverLink(vikingPage.page, 'Astrid');
    await hoverLink(veraPage.page, new RegExp(`Vera #${veraId}`));
    await expect.poll(() => vikingFetches.count).toBe(2);
    await veraPage.page.waitForTimeout(1_000);
    expect(veraFetches.count).toBe(1);
    expect([...vikingPage.consoleErrors, ...veraPage.consoleErrors]).toEqual([]);
  });
});

describe('reload guard', () => {
  /** A page whose full loads are counted in sessionStorage (it survives reloads). */
  async function countedPage(newerBuild: boolean) {
    const watched = await page();
    const p = watched.page;
    await p.addInitScript(() => {
      const n = Number(sessionStorage.getItem('test.loads') ?? '0') + 1;
      sessionStorage.setItem('test.loads', String(n));
    });
    if (newerBuild) {
      await p.route('**/build-manifest.json', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ build: 'a-newer-build', builtAt: new Date().toISOString(), entry: '/' }),
        }),
      );
    }
    // every route chunk of /top and /clans fails to load, as after a deploy removed them
    await p.route(/\/assets\/(top|clans\.index)-[^/]*\.js$/, (route) => route.abort('failed'));
    const loads = () => p.evaluate(() => Number(sessionStorage.getItem('test.loads') ?? '0'));
    return { ...watched, loads };
  }

  it('reloads once per 10 s after a failed chunk load when a newer build is out, the router included', async () => {
    const { page: p, loads } = await countedPage(true);
    await p.goto(origin);
    await hydrated(p);
    expect(await loads()).toBe(1);
    const start = Date.now();
    await p.getByRole('banner').getByRole('link', { name: 'Top' }).first().click();
    // the failed chunk -> one reload; on the reloaded /top the router's own lazy-component reload fires again,
    // and must be held back by the same 10 s rule
    await expect.poll(loads, { timeout: 15_000 }).toBe(2);
    // a different chunk failing within the 10 s (the router alone would reload again for a new error)
    await hydrated(p);
    await p.getByRole('banner').getByRole('link', { name: 'Clans' }).first().click();
    await p.waitForTimeout(Math.max(3_000, start + 8_000 - Date.now()));
    expect(await loads()).toBe(2);
    // after the 10 s window another failure may reload again (once)
    await p.waitForTimeout(Math.max(0, start + 11_000 - Date.now()));
    await p.goto(origin).catch(() => undefined);
    await p.waitForLoadState('load');
    const settled = await loads();
    await hydrated(p);
    await p.getByRole('banner').getByRole('link', { name: 'Clans' }).first().click();
    await expect.poll(loads, { timeout: 15_000 }).toBe(settled + 1);
    await p.waitForTimeout(5_000);
    expect(await loads()).toBe(settled + 1);
  });

  it('never reloads for a failed chunk while the deployed build is the page’s own', async () => {
    const { page: p, loads } = await countedPage(false);
    await p.goto(origin);
    await hydrated(p);
    await p.getByRole('banner').getByRole('link', { name: 'Top' }).first().click();
    await p.waitForTimeout(5_000);
    expect(await loads()).toBe(1);
  });
});

describe('toasts never block', () => {
  it('collapses a burst of mints into one "N new veras" toast that links to /live and leaves controls clickable', async () => {
    const { page: p, consoleErrors } = await page({ viewport: { width: 375, height: 812 } });
    await p.goto(`${origin}/shop`);
    await hydrated(p);
    await p.waitForTimeout(500); // the live socket subscribes right after hydration
    const started = Date.now();
    for (let i = 0; i < 6; i++) await grantVera();
    const granting = Date.now() - started;
    const burst = p.locator('[data-sonner-toast]', { hasText: /\d+ new veras in the last/ });
    await burst.waitFor({ timeout: 20_000 });
    // the summary counts the mints of its 10 s window: all six when they fell in one window
    const counted = async () => Number((await burst.textContent())?.match(/(\d+) new vera/)?.[1]);
    if (granting < 8_000) await expect.poll(counted, { timeout: 20_000 }).toBe(6);
    else expect(await counted()).toBeLessThanOrEqual(6);
    // the singles it replaced are gone: one mint toast on screen
    await expect.poll(() => p.locator('[data-sonner-toast].mint-toast').count()).toBe(1);
    // the pointer rests on the summary, which holds it past its 4 s while the page is checked (as for a player)
    await burst.hover();
    // every control on the page can be brought clear of the toast stack
    const covered = await p.evaluate(() => {
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll('main button, main a, main input'))) {
        const box0 = el.getBoundingClientRect();
        if (box0.width === 0 || box0.height === 0) continue;
        el.scrollIntoView({ block: 'center' });
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!hit || !(el === hit || el.contains(hit))) out.push(`${el.tagName} ${el.textContent?.trim()}`);
      }
      return out;
    });
    expect(covered).toEqual([]);
    // the summary names the latest mint, with View
    await burst.getByRole('button', { name: 'View' }).waitFor();
    await burst.getByRole('link', { name: 'See all' }).click();
    await p.waitForURL('**/live**');
    expect(consoleErrors).toEqual([]);
  });

  it("gives the player's own grant a toast of its own during a burst, and the stack never covers the primary action", async () => {
    for (const viewport of [
      { width: 1280, height: 800, path: '/nfts', action: 'form button[type="submit"]' },
      { width: 375, height: 812, path: '/shop', action: '[data-primary-action]' },
    ]) {
      const { page: p, consoleErrors } = await page({ wallet: ASTRID, viewport });
      await p.goto(`${origin}${viewport.path}`);
      await connect(p);
      await p.getByRole('button', { name: 'Me' }).waitFor({ timeout: 15_000 });
      await p.waitForTimeout(1_000); // the player's own subscription opens once the viking is known
      // other players' mints: a burst
      for (let i = 0; i < 4; i++) await grantVera(odinId);
      const mine = await grantVera(astridId);
      for (let i = 0; i < 2; i++) await grantVera(odinId);
      const own = p.locator('[data-sonner-toast]', { hasText: `An admin granted you Vera #${mine}` });
      await own.waitFor({ timeout: 20_000 });
      const burst = p.locator('[data-sonner-toast]', { hasText: /new veras? in the last/ });
      await burst.waitFor({ timeout: 20_000 });
      // the player's grant is not counted into (or hidden by) the others' summary
      expect(await burst.textContent()).not.toContain(`Vera #${mine}`);
      expect(Number((await burst.textContent())?.match(/(\d+) new vera/)?.[1])).toBeLessThanOrEqual(6);
      expect(await coveredAtBottom(p, viewport.action), `${viewport.path} at ${viewport.width} px`).toBe('');
      // ...while the player's toast was up (a stack that had gone would prove nothing)
      expect(await own.isVisible()).toBe(true);
      await own.getByRole('button', { name: 'View' }).click();
      await p.waitForURL(`**/vera/${mine}`);
      expect(consoleErrors).toEqual([]);
    }
  });

  it('keeps Submit actions, Lock runix and Invite clickable during a mint burst at 1280 × 800 and 375 × 812', async () => {
    const c = game.contracts(ADMIN);
    const [astrid, odin] = [BigInt(astridId), BigInt(odinId)];
    // Astrid leads a clan (with someone to invite) and is in a battle with Odin, her move to make
    await mined(
      game,
      game.contracts(ASTRID).clans.write.foundClan(['Shieldmaidens', 'SHM', 'Of the north.']),
    );
    const clanId = await c.clans.read.clanOf([astrid]);
    await mined(game, c.clans.write.admin_approveClan([clanId]));
    const odinVera = await grantVera(odinId);
    await mined(game, game.contracts(ASTRID).battles.write.challengeFriend([odin, 2, [veraId]]));
    const challengeId = await c.battles.read.openChallengeOf([astrid]);
    await mined(game, game.contracts(ADMIN).battles.write.acceptChallenge([challengeId, [odinVera]]));
    const battleId = (await c.battles.read.statusOf([astrid]))[1];
    expect(battleId).toBeGreaterThan(0n);

    const screens = [
      { path: `/battle/${battleId}`, action: (p: Page) => p.getByRole('button', { name: 'Submit actions' }) },
      { path: '/nfts', action: (p: Page) => p.getByRole('button', { name: 'Lock runix' }) },
      {
        path: `/clans/${clanId}`,
        action: async (p: Page) => {
          await p.getByLabel('Invite a viking by name').fill('Od');
          return p.getByRole('button', { name: 'Invite Odin' });
        },
      },
    ];
    // the battle first: its turn runs out after a minute
    for (const screen of screens) {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 375, height: 812 },
      ]) {
        const { page: p, consoleErrors } = await page({ wallet: ASTRID, viewport });
        await p.goto(`${origin}${screen.path}`);
        await connect(p);
        await p.getByRole('button', { name: 'Me' }).waitFor({ timeout: 15_000 });
        const action = await screen.action(p);
        await action.waitFor({ timeout: 20_000 });
        for (let i = 0; i < 6; i++) await grantVera(odinId);
        await p
          .locator('[data-sonner-toast]', { hasText: /new veras? in the last/ })
          .waitFor({ timeout: 20_000 });
        await action.evaluate((el) => el.setAttribute('data-clearance-target', ''));
        const where = `${screen.path} at ${viewport.width} px`;
        expect(await coveredAtBottom(p, '[data-clearance-target]'), where).toBe('');
        // and a click there reaches it (Playwright's own hit test, without sending the transaction)
        await action.click({ trial: true, timeout: 5_000 });
        expect(consoleErrors, where).toEqual([]);
        await p.context().close();
      }
    }
  });

  it('mutes mint toasts on request and remembers it across page loads', async () => {
    const { page: p, consoleErrors } = await page();
    await p.goto(origin);
    await hydrated(p);
    await p.waitForTimeout(500);
    await grantVera();
    const mint = p.locator('[data-sonner-toast].mint-toast');
    await mint.first().waitFor({ timeout: 15_000 });
    await mint.first().getByRole('button', { name: 'Mute' }).click();
    await p.getByText('Mint toasts muted').waitFor();
    await p.reload();
    await hydrated(p);
    await p.getByRole('button', { name: 'Mint toasts off' }).waitFor();
    await p.waitForTimeout(500);
    const id = await grantVera();
    // the home page still lists the mint; only the toast is muted
    await p
      .getByRole('link', { name: new RegExp(`Vera #${id}`) })
      .first()
      .waitFor({ timeout: 15_000 });
    await p.waitForTimeout(1_000);
    expect(await mint.count()).toBe(0);
    await p.getByRole('button', { name: 'Mint toasts off' }).click();
    await p.getByRole('button', { name: 'Mint toasts on' }).waitFor();
    await grantVera();
    await mint.first().waitFor({ timeout: 15_000 });
    expect(consoleErrors).toEqual([]);
  });

  it('welcomes a player once per connection, not on every page load', async () => {
    const { page: p, consoleErrors } = await page({ wallet: ASTRID });
    await p.goto(origin);
    await connect(p);
    await p.getByText('Welcome Astrid!').waitFor({ timeout: 15_000 });
    await p.reload();
    await hydrated(p);
    const address = account(ASTRID).address;
    await p
      .getByRole('banner')
      .getByRole('button', { name: `${address.slice(0, 6)}…${address.slice(-4)}` })
      .waitFor({ timeout: 15_000 });
    await p.waitForTimeout(2_000);
    expect(await p.getByText('Welcome Astrid!').count()).toBe(0);
    // disconnect and connect again: a new connection, a new greeting
    await p
      .getByRole('banner')
      .getByRole('button', { name: `${address.slice(0, 6)}…${address.slice(-4)}` })
      .click();
    await p.getByRole('banner').getByRole('button', { name: 'Connect' }).click();
    await p.getByText('Welcome Astrid!').waitFor({ timeout: 15_000 });
    expect(consoleErrors).toEqual([]);
  });
});

describe('mobile', () => {
  /** Elements that reach past the right edge, outside any element that scrolls or clips them. */
  async function overflow(p: Page): Promise<{ scrollWidth: number; offenders: string[] }> {
    return p.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const offenders: string[] = [];
      const contained = (el: Element) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const o = getComputedStyle(a).overflowX;
          if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
        }
        return false;
      };
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.right > width + 1 && !contained(el) && getComputedStyle(el).position !== 'fixed')
          offenders.push(`${el.tagName.toLowerCase()}.${el.className} right=${Math.round(box.right)}`);
      }
      return { scrollWidth: document.documentElement.scrollWidth, offenders: offenders.slice(0, 5) };
    });
  }

  it('fits every route in 375 px, signed in as an admin with a wallet', async () => {
    const { page: p, consoleErrors } = await page({ wallet: ADMIN, viewport: { width: 375, height: 812 } });
    await signIn(p, origin, '/admin');
    const odinId = await waitFor('Odin to be indexed', async () => {
      const res = await fetch(`${origin}/api/viking/data?address=${account(ADMIN).address}`);
      return res.ok ? ((await res.json()) as { characterId: string }).characterId : undefined;
    });
    const routes = [
      '/',
      '/shop',
      '/login',
      '/confirm',
      '/top',
      `/vera/${veraId}`,
      `/viking/${odinId}`,
      `/viking/${astridId}`,
      '/clans',
      '/live',
      '/nfts',
      '/no-such-page',
      '/admin',
      '/admin/exp/wisp',
      '/admin/exp/grant',
      '/admin/items/grant',
      '/admin/items/grant-amulet',
      '/admin/items/grant-lootbox',
      '/admin/roles/grant',
      '/admin/clans/manage',
      '/admin/shop/reprice',
      '/admin/shop/restock',
      '/admin/currency/grant-onyx',
      '/admin/currency/grant-runix',
    ];
    const failures: string[] = [];
    for (const route of routes) {
      await p.goto(`${origin}${route}`);
      await hydrated(p);
      await p.waitForTimeout(300);
      const { scrollWidth, offenders } = await overflow(p);
      if (scrollWidth > 375 || offenders.length > 0)
        failures.push(`${route}: scrollWidth ${scrollWidth} ${offenders.join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('closes the mobile menu with Escape', async () => {
    const { page: p, consoleErrors } = await page({ viewport: { width: 375, height: 812 } });
    await p.goto(origin);
    await hydrated(p);
    await p.getByRole('button', { name: 'Open menu' }).click();
    await p.locator('#mobile-menu').waitFor();
    await p.keyboard.press('Escape');
    await expect.poll(() => p.locator('#mobile-menu').count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(consoleErrors).toEqual([]);
  });
});

describe('error pages', () => {
  it('serves one <title>, the error page’s, in the server HTML', async () => {
    const res = await fetch(`${origin}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual(['Page Not Found · Skald']);
    const ok = await (await fetch(`${origin}/vera/${veraId}`)).text();
    expect([...ok.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual([
      `Vera #${veraId} · Skald`,
    ]);
  });

  for (const [status, heading] of [
    [429, 'Too Many Requests'],
    [503, 'Service Unavailable'],
    [418, 'Internal Server Error'],
  ] as const) {
    it(`shows ${heading} when the data answers ${status}`, async () => {
      const { page: p } = await page();
      await p.goto(`${origin}/vera/${veraId}`);
      await hydrated(p);
      await p.route(`**/api/viking/${astridId}`, (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'test' }),
        }),
      );
      await p.getByRole('main').getByRole('link', { name: 'Astrid' }).first().click();
      await p.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 15_000 });
      expect(await p.locator('.status-code').textContent()).toBe(status === 418 ? '500' : String(status));
      await expect.poll(() => p.title()).toBe(`${heading} · Skald`);
      expect(await p.locator('title').count()).toBe(1);
    });
  }
});

describe('leaderboard', () => {
  it('opens /top?player=N as typed and searches by name through the URL', async () => {
    const { page: p, consoleErrors } = await page();
    await p.goto(`${origin}/top?player=${astridId}`);
    await hydrated(p);
    await p.getByRole('heading', { name: `Elo history · viking #${astridId}` }).waitFor();
    await p.getByRole('searchbox').fill('nobody-by-this-name');
    await p.getByRole('button', { name: 'Search' }).click();
    await p.waitForURL('**/top?*name=nobody-by-this-name*');
    await p.getByText('No viking named like “nobody-by-this-name” on this board.').waitFor();
    const res = await fetch(`${origin}/api/leaderboard/1?name=${'x'.repeat(40)}`);
    expect(res.status).toBe(400);
    expect(consoleErrors).toEqual([]);
  });
});

describe('images', () => {
  it('serves every picture on each page through the image proxy as webp, with a srcset', async () => {
    const { page: p, consoleErrors } = await page();
    // pictures never load an SVG directly (the favicon link is the one SVG a browser takes as is)
    const svgImages = countRequests(
      p,
      (u) =>
        u.pathname.startsWith('/art/') && u.pathname.endsWith('.svg') && u.pathname !== '/art/hammer.svg',
    );
    const widths = new Set(['320', '640', '768', '1024', '1280', '1536']);
    for (const route of ['/', `/vera/${veraId}`, `/viking/${astridId}`]) {
      await p.goto(`${origin}${route}`);
      await hydrated(p);
      const images = await p.evaluate(async () => {
        for (const img of Array.from(document.images)) img.loading = 'eager';
        await Promise.all(
          Array.from(document.images).map((img) =>
            img.complete ? undefined : new Promise((r) => img.addEventListener('load', r, { once: true })),
          ),
        );
        return Array.from(document.images).map((img) => ({
          src: img.getAttribute('src') ?? '',
          srcset: img.getAttribute('srcset') ?? '',
          sizes: img.getAttribute('sizes'),
          current: img.currentSrc,
          natural: img.naturalWidth,
        }));
      });
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.src).toMatch(/^\/api\/image\?url=%2Fart%2F/);
        expect(image.srcset).not.toBe('');
        const candidates = image.srcset.split(',').map((c) => c.trim().split(/\s+/));
        for (const [url, descriptor] of candidates) {
          const u = new URL(url ?? '', origin);
          expect(u.pathname).toBe('/api/image');
          expect(widths.has(u.searchParams.get('w') ?? '')).toBe(true);
          expect(u.searchParams.get('q')).toBe('100');
          expect(descriptor).toMatch(image.sizes ? /^\d+w$/ : /^[12]x$/);
        }
        expect(image.natural).toBeGreaterThan(0);
        const res = await fetch(image.current);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        const body = Buffer.from(await res.arrayBuffer());
        expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
        expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
    }
    // the big vera picture is fluid: width candidates for the browser to pick against sizes
    await p.goto(`${origin}/vera/${veraId}`);
    expect(await p.locator('img.art').getAttribute('sizes')).toContain('240px');
    expect(svgImages.count).toBe(0);
    // the proxy rasterises the app's own art only: a path outside it or a remote svg is refused
    const outside = encodeURIComponent('/../../outside.svg');
    expect((await fetch(`${origin}/api/image?url=${outside}&w=320`)).status).toBe(400);
    expect(consoleErrors).toEqual([]);
  });
});

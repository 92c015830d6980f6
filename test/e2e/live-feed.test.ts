/**
 * /live as a reader sees it on the production build: rows in sentences with names and amounts (a grant, a ranked
 * battle with both elo changes), from the history and live; a filter for every type that lands in the URL and
 * survives a reload; times that tick; the chart's axes and tooltip; fixed-height rows at 375 px.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserStack,
  createPlayer,
  type Game,
  hydrated,
  mined,
  startBrowserStack,
  type WatchedPage,
  waitFor,
} from '../src/index.ts';

const ADMIN = 0;
const FREYDIS = 1;
const ASTRID = 2;
const LEIF = 3;

let stack: BrowserStack;
let game: Game;
let origin: string;
const ids: Record<number, bigint> = {};
const opened: WatchedPage[] = [];
/** "<winner> beat <loser> in ranked: +N / −N", from the chain's own elo */
let battleSentence: string;
let battleId: bigint;
let clanId: bigint;

async function page(options: Parameters<BrowserStack['page']>[0] = {}) {
  const watched = await stack.page(options);
  opened.push(watched);
  return watched;
}

const grantRunix = (to: bigint, amount: bigint) =>
  mined(game, game.contracts(ADMIN).inventory.write.admin_grantRunix([to, amount]));

beforeAll(async () => {
  stack = await startBrowserStack(async (g) => {
    game = g;
    ids[ADMIN] = BigInt(await createPlayer(g, ADMIN, 'Ulf')); // the deployer holds the admin role
    ids[FREYDIS] = BigInt(await createPlayer(g, FREYDIS, 'Freydis'));
    ids[ASTRID] = BigInt(await createPlayer(g, ASTRID, 'Astrid'));
    ids[LEIF] = BigInt(await createPlayer(g, LEIF, 'Leif'));
    const admin = g.contracts(ADMIN);
    await grantRunix(ids[FREYDIS] as bigint, 500n);
    await mined(g, g.contracts(FREYDIS).clans.write.foundClan(['Sea Wolves', 'SW', 'Raiders of the fjord.']));
    clanId = await admin.clans.read.clanOf([ids[FREYDIS] as bigint]);
    const veraOf: Record<number, bigint> = {};
    for (const who of [ASTRID, LEIF]) {
      await mined(
        g,
        admin.veras.write.admin_grantVera([ids[who] as bigint, 1, 1, 2, 1, 1, false], { gas: 1_000_000n }),
      );
      veraOf[who] = await admin.veras.read.totalMinted();
    }
    const a = g.contracts(ASTRID);
    const b = g.contracts(LEIF);
    await mined(g, a.battles.write.enterQueue([ids[ASTRID] as bigint, 1, [veraOf[ASTRID] as bigint]]));
    await mined(g, b.battles.write.enterQueue([ids[LEIF] as bigint, 1, [veraOf[LEIF] as bigint]]));
    battleId = await a.battles.read.battleCount();
    await mined(g, a.battles.write.submitActions([battleId, [0], []], { gas: 1_000_000n }));
    await mined(g, b.battles.write.submitActions([battleId, [1], []], { gas: 1_000_000n }));
    const eloA = Number(await a.battles.read.eloOf([ids[ASTRID] as bigint, 1])) - 1000;
    const eloL = Number(await a.battles.read.eloOf([ids[LEIF] as bigint, 1])) - 1000;
    expect(eloA, 'a ranked battle with a winner').not.toBe(0);
    const signed = (n: number) => (n > 0 ? `+${n}` : `−${Math.abs(n)}`);
    battleSentence =
      eloA > 0
        ? `Astrid beat Leif in ranked: ${signed(eloA)} / ${signed(eloL)}`
        : `Leif beat Astrid in ranked: ${signed(eloL)} / ${signed(eloA)}`;
  });
  origin = stack.gateway.url;
  await waitFor('the battle to be indexed', async () => {
    const res = await fetch(`${origin}/api/activity?type=battle&limit=100`);
    const body = (await res.json()) as { items: { kind: string }[] };
    return body.items.some((e) => e.kind === 'BattleResolved') ? true : undefined;
  });
});

afterAll(async () => {
  for (const w of opened) await w.context.close().catch(() => undefined);
  await stack?.stop();
});

describe('/live feed', () => {
  it('reads in sentences with names and amounts, from the history and live', async () => {
    const { page: p, consoleErrors } = await page();
    const rows = p.locator('.live-row');
    // the history is in the server's HTML already (a filter each: the list shows only the rows in view)
    await p.goto(`${origin}/live?type=grant`);
    await rows.getByText('Ulf granted 500 runix to Freydis', { exact: true }).waitFor();
    await p.goto(`${origin}/live?type=battle`);
    await rows.getByText(battleSentence, { exact: true }).waitFor();
    await p.goto(`${origin}/live`);
    await hydrated(p);
    await p.locator('[data-live-status="live"]').waitFor();

    await grantRunix(ids[FREYDIS] as bigint, 1_250n);
    // a provisional copy may show first; the confirmed row names the admin too
    await rows.getByText('Ulf granted 1,250 runix to Freydis', { exact: true }).waitFor({ timeout: 20_000 });
    await rows
      .getByText('Freydis received 1,250 runix', { exact: false })
      .first()
      .waitFor({ timeout: 20_000 });
    const texts = await rows.allTextContents();
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) expect(text).not.toMatch(/Someone|Viking #\d/);
    expect(consoleErrors).toEqual([]);
  });

  it('links every row to what it names: a mint to its vera, a battle to the battle, a clan, a viking', async () => {
    const { page: p, consoleErrors } = await page();
    const links = async (type: string) => {
      await p.goto(`${origin}/live?type=${type}`);
      await hydrated(p);
      await p.locator('.live-row').first().waitFor({ timeout: 20_000 });
      return p
        .locator('.live-row')
        .evaluateAll((rows) =>
          rows.map((row) => row.querySelector('.live-sentence a')?.getAttribute('href') ?? 'none'),
        );
    };
    const mints = await links('mint');
    expect(mints.length).toBeGreaterThan(0);
    for (const href of mints) expect(href).toMatch(/^\/vera\/\d+$/);
    const battles = await links('battle');
    expect(battles).toContain(`/battle/${battleId}`);
    // queueing names no battle yet: those rows lead to the viking who queued
    for (const href of battles) expect(href).toMatch(/^\/(battle|viking)\/\d+$/);
    // the founding and the jarl's own membership: both lead to the clan
    const clans = await links('clan');
    expect(clans.length).toBeGreaterThan(0);
    expect(new Set(clans)).toEqual(new Set([`/clans/${clanId}`]));
    const grants = await links('grant');
    expect(grants).toContain(`/viking/${ids[FREYDIS]}`);
    for (const href of grants) expect(href).not.toBe('none');
    // following one opens what it names
    await p.goto(`${origin}/live?type=battle`);
    await hydrated(p);
    await p.locator(`.live-row a[href="/battle/${battleId}"]`).first().click();
    await p.waitForURL(`**/battle/${battleId}`);
    await p.getByTestId('side-A').waitFor({ timeout: 20_000 });
    expect(consoleErrors).toEqual([]);
  });

  it('keeps a type filter in the URL through a reload, with a filter for inventory', async () => {
    const { page: p, consoleErrors } = await page();
    await p.goto(`${origin}/live`);
    await hydrated(p);
    const inventory = p.getByRole('button', { name: 'Inventory', exact: true });
    await inventory.click();
    await p.waitForURL((url) => url.searchParams.get('type') === 'inventory');
    const types = async () =>
      new Set(await p.locator('.live-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))));
    await expect.poll(types).toEqual(new Set(['inventory']));

    await p.reload();
    await hydrated(p);
    expect(new URL(p.url()).searchParams.get('type')).toBe('inventory');
    expect(await inventory.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(types).toEqual(new Set(['inventory']));

    // a second type joins the first; unknown words in a typed URL are dropped
    await p.getByRole('button', { name: 'Grants', exact: true }).click();
    await p.waitForURL((url) => url.searchParams.get('type') === 'grant,inventory');
    await expect.poll(types).toEqual(new Set(['grant', 'inventory']));
    await p.goto(`${origin}/live?type=battle,dance`);
    await hydrated(p);
    expect(await p.getByRole('button', { name: 'Battles', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await inventory.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(types).toEqual(new Set(['battle']));
    expect(consoleErrors).toEqual([]);
  });

  it('ticks relative times and shows the chart with axes and a tooltip', async () => {
    const { page: p, consoleErrors } = await page();
    await p.goto(`${origin}/live`);
    await hydrated(p);
    await p.locator('[data-live-status="live"]').waitFor();
    await grantRunix(ids[FREYDIS] as bigint, 7n);
    const row = p.locator('.live-row', { hasText: 'Ulf granted 7 runix to Freydis' });
    await row.waitFor({ timeout: 20_000 });
    const time = row.locator('time');
    await expect.poll(() => time.textContent(), { timeout: 15_000 }).toMatch(/^\d+s ago$/);
    const before = await time.textContent();
    await expect.poll(() => time.textContent(), { timeout: 5_000 }).not.toBe(before);

    const chart = p.locator('.activity-chart svg');
    for (const label of ['now', '5 min ago', 'events / 10 s', '0']) {
      await chart.locator('text', { hasText: label }).first().waitFor();
    }
    const box = await chart.boundingBox();
    const bar = await chart.locator('rect[data-bucket="29"]').boundingBox(); // the newest bucket
    if (!box || !bar) throw new Error('the chart is not laid out');
    await p.mouse.move(bar.x + bar.width / 2, box.y + box.height / 2);
    await expect
      .poll(() => chart.locator('.chart-tooltip text').textContent())
      .toMatch(/^\d+ events? · \d\d:\d\d:\d\d–\d\d:\d\d:\d\d UTC$/);
    expect(consoleErrors).toEqual([]);
  });

  it('keeps rows one height and the page its width at 375 px', async () => {
    const { page: p, consoleErrors } = await page({ viewport: { width: 375, height: 812 } });
    await p.goto(`${origin}/live`);
    await hydrated(p);
    await p.locator('.live-row').first().waitFor();
    const heights = await p
      .locator('.live-row')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(new Set(heights)).toEqual(new Set([52]));
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    expect(consoleErrors).toEqual([]);
  });
});

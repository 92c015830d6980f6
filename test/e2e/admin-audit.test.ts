/**
 * An admin at work while another admin keeps granting: a runix grant to a player found by name, that grant found
 * in the audit by filtering on the player, older pages, the live "N new" above a table that stays put, the CSV of
 * exactly the filter; a vera granted through the form whose page says so; a pending clan approved from its row.
 * A player gets none of it.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  type BrowserStack,
  createPlayer,
  type Game,
  hydrated,
  mined,
  playersIndexed,
  recordToasts,
  signIn,
  startBrowserStack,
  txSucceeded,
  type WatchedPage,
} from '../src/index.ts';

const ADMIN = 0;
const ASTRID = 1;
const BJORN = 2;
const FREYA = 3; // a second admin, granting in the background

/** Freya's transactions one at a time (the background grants and a test's own): two at once race for a nonce. */
let freyaTurn: Promise<unknown> = Promise.resolve();
function asFreya<T>(send: () => Promise<T>): Promise<T> {
  const next = freyaTurn.then(send, send);
  freyaTurn = next.catch(() => {});
  return next;
}
const SEEDED_RUNIX_GRANTS = 30;

let stack: BrowserStack;
let game: Game;
let origin: string;
const ids: Record<number, bigint> = {};
let admin: WatchedPage;
let clanId = 0n;
let granting = true;
let background: Promise<void> = Promise.resolve();

/** RFC 4180: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

type AuditEntry = { id: string; kind: string; summary: string; target: { characterId: string | null } };

beforeAll(async () => {
  stack = await startBrowserStack(async (g) => {
    game = g;
    ids[ADMIN] = BigInt(await createPlayer(g, ADMIN, 'Odin'));
    ids[ASTRID] = BigInt(await createPlayer(g, ASTRID, 'Astrid'));
    ids[BJORN] = BigInt(await createPlayer(g, BJORN, 'Bjorn'));
    ids[FREYA] = BigInt(await createPlayer(g, FREYA, 'Freya'));
    const c = g.contracts(ADMIN);
    await mined(g, c.roles.write.grantRole([account(FREYA).address, 1]));
    for (let i = 0; i < SEEDED_RUNIX_GRANTS; i++)
      await mined(g, c.inventory.write.admin_grantRunix([ids[ASTRID] as bigint, BigInt(100 + i)]));
    await mined(g, g.contracts(BJORN).clans.write.foundClan(['Sea Wolves', 'SW', 'Raiders of the fjord.']));
    clanId = await c.clans.read.clanCount();
  });
  origin = stack.gateway.url;
  await playersIndexed(origin, FREYA);
  // the other admin keeps granting: onyx to Astrid, runix to Bjorn
  const freya = game.contracts(FREYA);
  background = (async () => {
    for (let i = 0; granting; i++) {
      await asFreya(() =>
        mined(
          game,
          i % 2 === 0
            ? freya.inventory.write.admin_grantOnyx([ids[ASTRID] as bigint, 3n])
            : freya.inventory.write.admin_grantRunix([ids[BJORN] as bigint, 7n]),
        ),
      ).catch(() => {});
      await new Promise((r) => setTimeout(r, 700));
    }
  })();
  admin = await stack.page({ wallet: ADMIN });
  await recordToasts(admin.page);
  await signIn(admin.page, origin, '/admin');
});

afterAll(async () => {
  granting = false;
  await background;
  await stack?.stop();
});

async function auditApi(query: string): Promise<{ items: AuditEntry[]; older: string | null }> {
  const res = await admin.page.request.get(`${origin}/api/admin/audit?${query}`);
  expect(res.status()).toBe(200);
  return res.json();
}

describe('admin audit in the browser', () => {
  it('grants runix to a player found by name, then finds it in the audit by target, pages back and exports CSV', async () => {
    const p = admin.page;
    const astrid = String(ids[ASTRID]);
    await p.goto(`${origin}/admin/currency/grant-runix`);
    await hydrated(p, admin.consoleErrors);

    // the target field: a name search, the match shown before sending
    const field = p.getByRole('combobox', { name: 'Character' });
    await field.fill('astr');
    await p.getByRole('option', { name: /Astrid/ }).click();
    await expect
      .poll(() => p.getByRole('status', { name: 'Character match' }).textContent())
      .toContain(`Astrid · #${astrid}`);
    await p.getByLabel('Amount', { exact: true }).fill('1234');
    await p.getByRole('button', { name: 'Grant runix' }).click();
    await txSucceeded(p, 'Grant runix');

    // the decoded call and its result, then its row in the audit
    const sent = p.getByRole('region', { name: 'Sent transaction' });
    await expect
      .poll(() => sent.locator('.decoded-call').textContent())
      .toMatch(
        new RegExp(
          `admin_grantRunix\\(\\s+characterId \\(uint64\\) = ${astrid}  // Astrid\\s+amount \\(uint64\\) = 1234`,
        ),
      );
    const hash = (await sent.getByTestId('sent-tx').textContent()) ?? '';
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(Number(await sent.getByTestId('sent-block').textContent())).toBeGreaterThan(0);
    await sent.getByRole('row', { name: /1,234 runix/ }).waitFor({ timeout: 20_000 });

    // the audit, filtered on the player by name and on runix, while the other admin keeps granting
    await p.goto(`${origin}/admin`);
    await hydrated(p, admin.consoleErrors);
    const filters = p.getByRole('form', { name: 'Audit filters' });
    await filters.getByRole('combobox', { name: 'Target' }).fill('Astrid');
    await p.getByRole('option', { name: /Astrid/ }).click();
    await filters.getByLabel('Kind').selectOption({ label: 'Runix grant' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await p.waitForURL(
      (url) => url.searchParams.get('target') === astrid && url.searchParams.get('kind') === 'runix',
    );
    const table = p.getByRole('table', { name: 'Admin actions matching the filter' });
    const firstRow = table.getByRole('row').nth(1);
    await expect.poll(() => firstRow.textContent(), { timeout: 20_000 }).toContain('1,234 runix');
    expect(await firstRow.textContent()).toContain('Astrid');
    await expect(firstRow.getByRole('link', { name: 'Astrid' }).getAttribute('href')).resolves.toBe(
      `/viking/${astrid}`,
    );
    expect(await table.getByRole('row').count()).toBe(26); // a header and a full page of 25

    // a shared URL opens the same view
    const shared = await stack.page({ wallet: ADMIN });
    await signIn(shared.page, origin, `/admin?target=${astrid}&kind=runix`);
    await expect
      .poll(() => shared.page.getByRole('table').getByRole('row').nth(1).textContent(), { timeout: 20_000 })
      .toContain('1,234 runix');
    await shared.context.close();

    // older pages: the rest of the player's runix grants, oldest last
    await p.getByRole('link', { name: 'Older →' }).click();
    await p.waitForURL((url) => url.searchParams.has('before'));
    await expect
      .poll(() => table.getByRole('row').count(), { timeout: 20_000 })
      .toBe(1 + SEEDED_RUNIX_GRANTS + 1 - 25);
    const lastRow = table.getByRole('row').last();
    expect(await lastRow.textContent()).toContain('100 runix'); // the first seeded grant
    for (const text of await table.getByRole('row').allTextContents())
      if (!text.startsWith('When')) expect(text).toMatch(/Runix grant.*Astrid.*runix/);
    expect(await p.getByRole('link', { name: 'Older →' }).count()).toBe(0);
    await p.getByRole('link', { name: '← Newer' }).click();
    await expect.poll(() => firstRow.textContent(), { timeout: 20_000 }).toContain('1,234 runix');

    // the CSV of exactly this filter
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('link', { name: 'Download CSV of this filter' }).click(),
    ]);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const [columns = [], ...rows] = parseCsv(csv);
    const at = (row: string[], column: string) => row[columns.indexOf(column)];
    const expected = await auditApi(`target=${astrid}&kind=runix&limit=100`);
    expect(rows.length).toBe(expected.items.length);
    expect(rows.length).toBe(SEEDED_RUNIX_GRANTS + 1);
    for (const row of rows) {
      expect(at(row, 'kind')).toBe('runix');
      expect(at(row, 'target_character_id')).toBe(astrid);
      expect(at(row, 'target_name')).toBe('Astrid');
    }
    expect(rows.map((r) => at(r, 'id'))).toEqual(expected.items.map((e) => e.id));
    expect(at(rows[0] as string[], 'tx_hash')).toBe(hash);
    expect(at(rows[0] as string[], 'summary')).toBe('1,234 runix');
    expect(admin.consoleErrors).toEqual([]);
  });

  it('shows "N new" above a table that stays put, and the new rows on request', async () => {
    const p = admin.page;
    const astrid = ids[ASTRID] as bigint;
    await p.goto(`${origin}/admin?target=${astrid}&kind=runix`);
    await hydrated(p, admin.consoleErrors);
    const table = p.getByRole('table', { name: 'Admin actions matching the filter' });
    const firstRow = table.getByRole('row').nth(1);
    await expect.poll(() => firstRow.textContent(), { timeout: 20_000 }).toContain('1,234 runix');
    const before = await table.getByRole('row').allTextContents();

    await asFreya(() => mined(game, game.contracts(FREYA).inventory.write.admin_grantRunix([astrid, 777n])));
    const banner = p.getByRole('button', { name: /^1 new/ });
    await banner.waitFor({ timeout: 20_000 });
    expect(await table.getByRole('row').allTextContents()).toEqual(before);
    await banner.click();
    await expect.poll(() => firstRow.textContent(), { timeout: 20_000 }).toContain('777 runix');
    expect(await firstRow.textContent()).toContain('Freya');
    expect(admin.consoleErrors).toEqual([]);
  });

  it('grants a vera through the form; its page says it was granted by an admin', async () => {
    const p = admin.page;
    await p.goto(`${origin}/admin/items/grant-vera`);
    await hydrated(p, admin.consoleErrors);
    await p.getByRole('combobox', { name: 'Character' }).fill('Bjo');
    await p.getByRole('option', { name: /Bjorn/ }).click();
    await p.getByRole('radio', { name: /Igby/ }).check({ force: true });
    await p.getByRole('radio', { name: /Hail/ }).check({ force: true });
    await p.getByLabel('Personality').selectOption({ label: 'Aggressive' });
    await p.getByRole('button', { name: 'Grant vera' }).click();
    await txSucceeded(p, 'Grant a vera');
    const sent = p.getByRole('region', { name: 'Sent transaction' });
    expect(await sent.locator('.decoded-call').textContent()).toMatch(
      /admin_grantVera\(\s+characterId \(uint64\) = \d+ {2}\/\/ Bjorn\s+species \(uint16\) = 7\s+mainRune \(uint8\) = 3/,
    );
    const veraLink = sent.getByRole('row', { name: /Vera grant/ }).getByRole('link', { name: /^vera #\d+$/ });
    await veraLink.waitFor({ timeout: 20_000 });
    await veraLink.click();
    await p.waitForURL(/\/vera\/\d+/);
    await hydrated(p, admin.consoleErrors);
    await p.getByTestId('vera-mint-method').waitFor();
    expect(await p.getByTestId('vera-mint-method').textContent()).toContain('granted by an admin');
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toMatch(/Igby/);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('approves a pending clan from its row, and the decision is in the audit', async () => {
    const p = admin.page;
    await p.goto(`${origin}/admin/clans/manage`);
    await hydrated(p, admin.consoleErrors);
    const row = p.getByRole('row', { name: /Sea Wolves/ });
    await row.getByRole('button', { name: 'Approve' }).click();
    await txSucceeded(p, 'Approving Sea Wolves');
    expect((await game.contracts(ADMIN).clans.read.getClan([clanId])).status).toBe(2);
    await p
      .getByRole('region', { name: 'Sent transaction' })
      .getByRole('row', { name: /Clan approved/ })
      .waitFor({
        timeout: 20_000,
      });
    await expect.poll(() => p.getByRole('row', { name: /Sea Wolves/ }).count(), { timeout: 20_000 }).toBe(1);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('lists who holds each role, says "you" for the signed-in admin, and revokes from the row', async () => {
    const p = admin.page;
    await p.goto(`${origin}/admin/roles/grant`);
    await hydrated(p, admin.consoleErrors);
    const admins = p.getByRole('table', { name: 'Admin' });
    await admins.getByRole('row', { name: /^you/ }).waitFor({ timeout: 20_000 });
    await admins.getByRole('row', { name: /Freya/ }).waitFor();
    // the game role is held by Skald's own contracts, named as such
    await p
      .getByRole('table', { name: 'Game' })
      .getByRole('row', { name: /contract/ })
      .first()
      .waitFor();
    // a role granted elsewhere shows up live; Revoke beside it takes it away
    const bjorn = account(BJORN).address;
    await mined(game, game.contracts(ADMIN).roles.write.grantRole([bjorn, 1]));
    const row = admins.getByRole('row', { name: /Bjorn/ });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: 'Revoke Admin from Bjorn' }).click();
    await txSucceeded(p, 'Revoking Admin from Bjorn');
    expect(await game.contracts(ADMIN).roles.read.hasRole([bjorn, 1])).toBe(false);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('counts what the filter matches and splits the audit by me and by others', async () => {
    const p = admin.page;
    await p.goto(`${origin}/admin`);
    await hydrated(p, admin.consoleErrors);
    const total = p.getByTestId('audit-total');
    await total.waitFor({ timeout: 20_000 });
    const shown = async () => Number((await total.textContent())?.replace(/[^0-9]/g, ''));
    // Freya keeps granting: the page's count lies between the REST totals read around it
    const restTotal = async (query: string) =>
      ((await auditApi(`${query}limit=1`)) as unknown as { total: number }).total;
    const before = await restTotal('');
    await p.reload();
    await hydrated(p, admin.consoleErrors);
    await total.waitFor({ timeout: 20_000 });
    const onPage = await shown();
    expect(onPage).toBeGreaterThanOrEqual(before);
    expect(onPage).toBeLessThanOrEqual(await restTotal(''));
    expect(await total.textContent()).toMatch(/actions in all$/);

    const adminCells = () =>
      p
        .locator('table.audit-table tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''));
    await p.getByRole('link', { name: 'By me', exact: true }).click();
    await p.waitForURL((url) => url.searchParams.get('by') === 'me');
    await expect.poll(async () => new Set(await adminCells()), { timeout: 20_000 }).toEqual(new Set(['you']));
    const me = account(ADMIN).address.toLowerCase();
    expect(await shown()).toBe(await restTotal(`admin=${me}&`));
    expect(await total.textContent()).toMatch(/actions? match$/);
    await p.getByRole('link', { name: 'By others', exact: true }).click();
    await p.waitForURL((url) => url.searchParams.get('by') === 'others');
    // the other admin's rows, and none of the signed-in admin's (an empty table while loading proves nothing)
    await expect
      .poll(
        async () => {
          const cells = await adminCells();
          return (
            cells.length > 0 &&
            cells.includes('Freya') &&
            cells.every((cell) => cell !== 'you' && cell !== '')
          );
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('on a phone the admin menu is one select and the form comes first', async () => {
    const phone = await stack.page({ wallet: ADMIN, viewport: { width: 375, height: 812 } });
    await signIn(phone.page, origin, '/admin/roles/grant');
    const p = phone.page;
    await p.goto(`${origin}/admin/roles/grant`);
    await hydrated(p, phone.consoleErrors);
    expect(await p.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(false);
    const menu = p.getByLabel('Admin page');
    expect(await menu.isVisible()).toBe(true);
    // the page's own heading is on the first screen, right under the one-line menu
    const heading = await p.getByRole('heading', { name: 'Grant or revoke a role' }).boundingBox();
    expect(heading?.y ?? 9999).toBeLessThan(400);
    await menu.selectOption({ label: 'Grant runix' });
    await p.waitForURL('**/admin/currency/grant-runix');
    const field = await p.getByRole('combobox', { name: 'Character' }).boundingBox();
    expect(field?.y ?? 9999).toBeLessThan(812);
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();
  });

  it('gives a player no audit data: the page is refused and so are the routes', async () => {
    const player = await stack.page({ wallet: ASTRID });
    await signIn(player.page, origin, '/');
    await player.page.goto(`${origin}/admin`);
    expect(await player.page.getByText('403').count()).toBeGreaterThan(0);
    expect(await player.page.getByRole('table').count()).toBe(0);
    for (const path of ['/api/admin/audit', '/api/admin/audit.csv', '/api/admin/search?q=a']) {
      const res = await player.page.request.get(`${origin}${path}`);
      expect(res.status(), path).toBe(403);
    }
    await player.context.close();
  });
});

/**
 * Admins and analysts against a real indexed world: the audit of every admin action (filters, cursor pages
 * through the whole history, the "N new" count, the CSV of exactly the filtered set), the target search, the
 * guard; then the analyst's side: GraphQL descriptions and relations, the documented example queries, and the
 * descriptions as Postgres comments on the views.
 */
import { ANVIL_MNEMONIC, gameContracts, skaldChain } from '@skald/chain';
import { EXAMPLE_QUERIES, tableDocs } from '@skald/db';
import type { FastifyInstance } from 'fastify';
import { createPublicClient, createWalletClient, http, keccak256, type PublicClient, toHex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './fixtures/siwe.ts';
import { injectGateway, startWorld, type World } from './fixtures/world.ts';

const SEED = 23;
let world: World;
let app: FastifyInstance;
let cookie: string;
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 });
const bot = privateKeyToAccount(keccak256(toHex(`skald-bot-${SEED}-0`)));

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

type Entry = {
  id: string;
  kind: string;
  kindLabel: string;
  admin: string;
  adminName: string | null;
  target: { type: string; id: string | null; name: string | null; characterId: string | null };
  summary: string;
  amount: string | null;
  timestamp: number;
  txHash: string;
};
type AuditPage = { items: Entry[]; older: string | null; newer: string | null };

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const audit = async (query: string): Promise<AuditPage> => {
  const res = await get(`/api/admin/audit?${query}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Walks `before` cursors from the newest page to the oldest. */
async function walk(filter: string, limit: number): Promise<Entry[]> {
  const all: Entry[] = [];
  let page = await audit(`${filter}&limit=${limit}`);
  for (let guard = 0; guard < 1000; guard++) {
    all.push(...page.items);
    if (!page.older) break;
    page = await audit(`${filter}&limit=${limit}&before=${page.older}`);
  }
  return all;
}

function adminContracts() {
  const transport = http(world.chain.anvil.rpcUrl);
  const publicClient = createPublicClient({ chain: skaldChain, transport }) as PublicClient;
  const contracts = gameContracts(world.chain.deployment, {
    public: publicClient,
    wallet: createWalletClient({ account: admin, chain: skaldChain, transport }),
  });
  return { contracts, publicClient };
}

beforeAll(async () => {
  world = await startWorld(160, SEED);
  app = await injectGateway(world);
  cookie = await signIn(app, admin);
});

afterAll(async () => {
  await app?.close();
  await world?.stop();
});

describe('audit', () => {
  it('pages through the whole history by cursor, newest first, with nothing missed or repeated', async () => {
    const [counts] = await world.reader.sql<{ n: number }[]>`
      SELECT ((SELECT count(*) FROM admin_grant) + (SELECT count(*) FROM role_change)
        + (SELECT count(*) FROM admin_action))::int AS n`;
    const all = await walk('', 13);
    expect(all.length).toBe(counts?.n);
    expect(all.length).toBeGreaterThan(20);
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort().reverse()).toEqual(ids);
    // every kind of action is there: grants, the deployer's role grants, the clan approval
    const kinds = new Set(all.map((e) => e.kind));
    expect(kinds.has('role')).toBe(true);
    expect(kinds.has('clan')).toBe(true);
    expect([...kinds].some((k) => ['runix', 'onyx', 'item', 'vera', 'amulet', 'lootbox'].includes(k))).toBe(
      true,
    );
    for (const e of all) {
      expect(e.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(e.summary.length).toBeGreaterThan(0);
    }
  });

  it('counts what the filter matches, splits by me and by others, and names shop items', async () => {
    const everything = await walk('', 50);
    const page = (await audit('limit=5')) as AuditPage & { total: number; totalCapped: boolean };
    expect(page.total).toBe(everything.length);
    expect(page.totalCapped).toBe(false);
    const me = admin.address.toLowerCase();
    const mine = await walk(`admin=${me}`, 50);
    const others = await walk(`exceptAdmin=${me}`, 50);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.admin === me)).toBe(true);
    expect(others.every((e) => e.admin !== me)).toBe(true);
    expect(mine.length + others.length).toBe(everything.length);
    expect(((await audit(`exceptAdmin=${me}&limit=1`)) as unknown as { total: number }).total).toBe(
      others.length,
    );
    // a shop entry names its item, never a bare id
    for (const e of everything.filter(
      (x) => x.kind === 'reprice' || x.kind === 'restock' || x.kind === 'item',
    ))
      expect(e.summary).not.toMatch(/item \d/);
  });

  it('lists who holds each role now, by name, marking the signed-in admin', async () => {
    const res = await get('/api/admin/roles', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const holders = res.json().items as { account: string; role: number; roleName: string; you: boolean }[];
    const truth = await world.reader.sql<{ account: string; role: number }[]>`
      SELECT account, role FROM role_member ORDER BY role, granted_block, account`;
    expect(holders.map((h) => [h.account, h.role])).toEqual(truth.map((t) => [t.account, t.role]));
    const me = holders.filter((h) => h.you);
    expect(me.map((h) => h.account)).toEqual([admin.address.toLowerCase()]);
    expect(me[0]?.roleName).toBe('Admin');
    expect((await get('/api/admin/roles')).statusCode).toBe(401);
  });

  it('goes back to newer pages with `after` and answers the same rows', async () => {
    const first = await audit('limit=5');
    const second = await audit(`limit=5&before=${first.older}`);
    expect(second.newer).toBe(second.items[0]?.id);
    const back = await audit(`limit=5&after=${second.newer}`);
    expect(back.items.map((e) => e.id)).toEqual(first.items.map((e) => e.id));
    expect(back.newer).toBeNull();
  });

  it('filters by kind, target character, admin and time, naming the target', async () => {
    const runix = await walk('kind=runix', 50);
    const [n] = await world.reader.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM admin_grant WHERE kind = 6`;
    expect(runix.length).toBe(n?.n);
    expect(runix.length).toBeGreaterThan(0);
    for (const e of runix) {
      expect(e.kind).toBe('runix');
      expect(e.summary).toMatch(/runix$/);
      expect(e.target.type).toBe('character');
      expect(e.target.name).toMatch(/\w/);
    }
    const target = runix[0]?.target.characterId as string;
    const forTarget = await walk(`target=${target}`, 50);
    expect(forTarget.length).toBeGreaterThan(0);
    for (const e of forTarget) expect(e.target.characterId).toBe(target);
    const byAdmin = await walk(`admin=${admin.address}&kind=runix`, 50);
    expect(byAdmin.length).toBe(runix.filter((e) => e.admin === admin.address.toLowerCase()).length);
    const mid = runix[Math.floor(runix.length / 2)]?.timestamp as number;
    const since = await walk(`kind=runix&from=${mid}`, 50);
    expect(since.length).toBe(runix.filter((e) => e.timestamp >= mid).length);
    for (const e of await walk(`kind=runix&to=${mid}`, 50)) expect(e.timestamp).toBeLessThanOrEqual(mid);
  });

  it('streams the CSV of exactly the filtered set', async () => {
    const target = (await audit('kind=runix&limit=1')).items[0]?.target.characterId as string;
    const rows = await walk(`target=${target}`, 7);
    const csv = await get(`/api/admin/audit.csv?target=${target}`, { cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="skald-audit-.*\.csv"/);
    const [header = [], ...lines] = parseCsv(csv.body);
    expect(header[0]).toBe('time_utc');
    const idAt = header.indexOf('id');
    const targetAt = header.indexOf('target_character_id');
    expect(lines.map((l) => l[idAt])).toEqual(rows.map((e) => e.id));
    for (const line of lines) expect(line[targetAt]).toBe(target);
    expect(lines.map((l) => l[header.indexOf('summary')])).toEqual(rows.map((e) => e.summary));
  });

  it('counts the entries newer than the top row, under the filter, and shows a new grant at once', async () => {
    const target = (await audit('kind=runix&limit=1')).items[0]?.target.characterId as string;
    const top = (await audit(`target=${target}&limit=1`)).items[0]?.id as string;
    const newer = () => get(`/api/admin/audit/newer?target=${target}&after=${top}`, { cookie });
    expect((await newer()).json()).toEqual({ count: 0, capped: false });
    const { contracts, publicClient } = adminContracts();
    const hash = await contracts.inventory.write.admin_grantRunix([BigInt(target), 4242n]);
    await publicClient.waitForTransactionReceipt({ hash });
    await world.indexed();
    expect((await newer()).json()).toEqual({ count: 1, capped: false });
    const [made] = (await audit(`tx=${hash}`)).items;
    expect(made).toMatchObject({ kind: 'runix', summary: '4,242 runix', txHash: hash });
    expect(made?.target.characterId).toBe(target);
    expect(made?.adminName === null || typeof made?.adminName === 'string').toBe(true);
  });

  it('refuses bad filters with a 400 naming them', async () => {
    for (const url of [
      '/api/admin/audit?from=10&to=5',
      '/api/admin/audit?kind=gold',
      '/api/admin/audit?before=abc',
      '/api/admin/audit?before=1&after=2',
      '/api/admin/audit?tx=0x12',
      '/api/admin/audit/newer',
      '/api/admin/search?q=',
      '/api/admin/search?q=a&type=ship',
    ]) {
      const res = await get(url, { cookie });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/\w/);
    }
  });

  it('gives a non-admin no audit data from any route', async () => {
    const player = await signIn(app, bot);
    for (const url of [
      '/api/admin/audit',
      '/api/admin/audit.csv',
      '/api/admin/audit/newer?after=1',
      '/api/admin/search?q=a',
    ]) {
      const none = await get(url);
      expect(none.statusCode, url).toBe(401);
      const refused = await get(url, { cookie: player });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toMatch(/0x[0-9a-f]{64}/);
    }
    expect((await get('/admin', { cookie: player })).statusCode).toBe(403);
  });
});

describe('target search', () => {
  it('finds characters by name, address start and id; clans, veras and accounts', async () => {
    const [c] = await world.reader.sql<{ id: string; name: string; account: string }[]>`
      SELECT id::text, name, account FROM character WHERE name <> '' ORDER BY id LIMIT 1`;
    if (!c) throw new Error('no character');
    const search = async (q: string, type = 'character') =>
      (await get(`/api/admin/search?type=${type}&q=${encodeURIComponent(q)}`, { cookie })).json().items as {
        id: string;
        label: string;
        account: string | null;
      }[];
    expect((await search(c.name.slice(0, 4))).some((h) => h.id === c.id)).toBe(true);
    expect((await search(c.account.slice(0, 12))).some((h) => h.id === c.id)).toBe(true);
    expect((await search(c.id))[0]).toMatchObject({ id: c.id, label: c.name, account: c.account });
    expect((await search('%_%')).length).toBe(0);
    expect((await search('Hirdmen', 'clan'))[0]?.label).toBe('Test Hirdmen');
    const [v] = await world.reader.sql<{ id: string }[]>`SELECT id::text FROM vera ORDER BY id LIMIT 1`;
    expect((await search(v?.id as string, 'vera'))[0]?.id).toBe(v?.id);
    expect((await search(admin.address, 'account'))[0]?.id).toBe(admin.address.toLowerCase());
  });
});

describe('analysts', () => {
  const graphql = async (query: string) => {
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };

  it('describes every table and column in the GraphQL schema', async () => {
    for (const table of tableDocs()) {
      const typeName = table.name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      const data = await graphql(
        `{ __type(name: "${typeName}") { description fields { name description } } }`,
      );
      expect(data.__type?.description, typeName).toBe(table.description);
      for (const column of table.columns) {
        const field = data.__type.fields.find((f: { name: string }) => f.name === column.key);
        expect(field?.description, `${typeName}.${column.key}`).toBe(column.description);
      }
    }
  });

  it('runs every documented example query, and each returns rows', async () => {
    for (const example of EXAMPLE_QUERIES) {
      if (example.language === 'sql') {
        const rows = await world.reader.sql.unsafe(example.query);
        expect(rows.length, example.title).toBeGreaterThan(0);
      } else {
        const data = await graphql(example.query);
        const [page] = Object.values(data) as { items: Record<string, unknown>[] }[];
        expect(page?.items.length, example.title).toBeGreaterThan(0);
      }
    }
    // the examples answer real questions: mints and grants exist in this world
    const [mints] = await world.reader.sql.unsafe(
      `SELECT sum(mints)::int AS n FROM (${EXAMPLE_QUERIES.find((e) => e.title === 'Mints per species')?.query.replace(/;$/, '')}) q`,
    );
    expect(mints?.n).toBeGreaterThan(0);
  });

  it('follows elo → character, grant → target character and vera → owner character in one query', async () => {
    const data = await graphql(`{
      elos(limit: 5) { items { characterId character { id name } } }
      adminGrants(where: { kind: 6 }, limit: 5) { items { targetCharacterId targetCharacter { id name } } }
      veras(limit: 5) { items { owner ownerAccount { address character { id name } } } }
    }`);
    expect(data.elos.items.length).toBeGreaterThan(0);
    for (const e of data.elos.items) expect(e.character.id).toBe(e.characterId);
    for (const g of data.adminGrants.items) expect(g.targetCharacter.id).toBe(g.targetCharacterId);
    for (const v of data.veras.items) {
      expect(v.ownerAccount.address).toBe(v.owner);
      expect(v.ownerAccount.character?.name ?? '').toBeTypeOf('string');
    }
    expect(
      data.veras.items.some((v: { ownerAccount: { character: unknown } }) => v.ownerAccount.character),
    ).toBe(true);
  });

  it('writes the descriptions as Postgres comments on the views', async () => {
    const grant = tableDocs().find((t) => t.name === 'admin_grant');
    const [row] = await world.reader.sql<{ table: string | null; column: string | null }[]>`
      SELECT obj_description('skald.admin_grant'::regclass, 'pg_class') AS table,
        col_description('skald.admin_grant'::regclass,
          (SELECT attnum FROM pg_attribute WHERE attrelid = 'skald.admin_grant'::regclass AND attname = 'target')) AS column`;
    expect(row?.table).toBe(grant?.description);
    expect(row?.column).toBe(grant?.columns.find((c) => c.name === 'target')?.description);
    const [missing] = await world.reader.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
      WHERE s.nspname = 'skald' AND c.relkind = 'v' AND c.relname NOT LIKE '\\_%'
        AND obj_description(c.oid, 'pg_class') IS NULL`;
    expect(missing?.n).toBe(0);
  });
});

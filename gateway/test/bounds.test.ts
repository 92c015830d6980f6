/**
 * Outsiders' queries are bounded: /sql/db and /graphql end at the statement timeout with a 4xx saying so (and the
 * statement stops in Postgres too), malformed SQL is a 400 naming the mistake, rows are capped, and the analyst
 * role reads the views schema only, read-only, under its own timeout. Real chain, indexer and Postgres.
 */
import { analystUrl, ensureAnalystRole } from '@skald/db';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectGateway, startWorld, type World } from './fixtures/world.ts';

const ROLE = 'skald_analyst_test';
const PASSWORD = 'analyst-test-password';
const TIMEOUT_MS = 1500;
const MAX_ROWS = 50;

let world: World;
let app: FastifyInstance;
let analyst: string;
let deploymentSchema: string;

const sqlGet = (query: string) =>
  app.inject({ method: 'GET', url: `/sql/db?sql=${encodeURIComponent(query)}` });
const ponderClient = (sql: string, params: unknown[] = []) => JSON.stringify({ json: { sql, params } });

beforeAll(async () => {
  world = await startWorld(80, 3);
  const owner = postgres(world.database.databaseUrl, { max: 1, onnotice: () => {} });
  await ensureAnalystRole(owner, {
    role: ROLE,
    password: PASSWORD,
    viewsSchema: 'skald',
    statementTimeoutMs: TIMEOUT_MS,
  });
  await owner.end();
  deploymentSchema = world.indexer.schema;
  analyst = analystUrl(world.database.databaseUrl, { role: ROLE, password: PASSWORD });
  app = await injectGateway(world, {
    sql: { timeoutMs: TIMEOUT_MS, maxRows: MAX_ROWS, analystUrl: analyst },
  });
});

afterAll(async () => {
  await app?.close();
  await world?.stop();
});

describe('/sql/db', () => {
  it('answers a SELECT on the views, as @ponder/client sends it and as plain text', async () => {
    const client = await app.inject({
      method: 'GET',
      url: `/sql/db?sql=${encodeURIComponent(ponderClient('select count(*)::int as n from vera where id > $1', [0]))}`,
    });
    expect(client.statusCode, client.body).toBe(200);
    const n = client.json().rows[0].n as number;
    const [truth] = await world.reader.sql<{ n: number }[]>`select count(*)::int as n from vera`;
    expect(n).toBe(truth?.n);
    const plain = await sqlGet('select cursor from activity order by cursor limit 3');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().rows).toHaveLength(3);
    expect(plain.json().fields.map((f: { name: string }) => f.name)).toEqual(['cursor']);
  });

  it('ends a runaway query at the timeout with a 422 that says so, and Postgres stops it too', async () => {
    const started = Date.now();
    const res = await sqlGet(
      'select count(*) from activity a cross join activity b cross join activity c cross join generate_series(1, 100000000) g',
    );
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/1500 ms statement timeout/);
    // bounded: the query itself would run for hours; the slack covers a busy machine's scheduling
    expect(elapsed).toBeLessThan(TIMEOUT_MS * 10);
    const running = await world.reader.sql`
      select pid from pg_stat_activity where application_name = 'skald_gateway_sql' and state = 'active'`;
    expect(running).toHaveLength(0);
  });

  it('answers malformed input with a 400 naming the mistake', async () => {
    const syntax = await sqlGet('SELEC 1');
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().message).toMatch(/syntax error at or near "SELEC"/);
    const json = await app.inject({ method: 'GET', url: `/sql/db?sql=${encodeURIComponent('{"json": {')}` });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/not valid JSON/);
    const missing = await app.inject({ method: 'GET', url: '/sql/db' });
    expect(missing.statusCode).toBe(400);
    const unknown = await sqlGet('select * from no_such_table');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/no_such_table/);
    const two = await sqlGet('select 1; select 2');
    expect(two.statusCode).toBe(400);
    const badParams = await app.inject({
      method: 'GET',
      url: `/sql/db?sql=${encodeURIComponent(ponderClient('select $1::int', ['x']))}`,
    });
    expect(badParams.statusCode).toBe(400);
  });

  it('caps the rows and says so', async () => {
    const res = await sqlGet('select g from generate_series(1, 1000) g');
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toHaveLength(MAX_ROWS);
    expect(res.json().truncated).toBe(true);
    expect(res.headers['x-skald-truncated']).toBe(String(MAX_ROWS));
  });

  it('refuses writes and reads outside the views schema', async () => {
    const write = await sqlGet("update vera set level = 99 where id = '1'");
    expect(write.statusCode).toBe(403);
    const outside = await sqlGet(`select * from "${deploymentSchema}".vera limit 1`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toMatch(/permission denied/);
    const sync = await sqlGet('select * from ponder_sync.blocks limit 1');
    expect([400, 403]).toContain(sync.statusCode);
    const [level] = await world.reader.sql<{ level: number }[]>`select level from vera where id = 1`;
    expect(level?.level).not.toBe(99);
  });
});

describe('/graphql', () => {
  // 20 aliases x up to 1,000 activity rows with totals: within the cost limit, and more than 30 ms of work
  const heavy = `{ ${Array.from(
    { length: 20 },
    (_, i) =>
      `a${i}: activitys(limit: 1000, orderBy: "timestamp", orderDirection: "desc") { totalCount items { cursor type event txHash payload } }`,
  ).join(' ')} }`;

  it('ends a query that runs past the timeout with a 422 that says so', async () => {
    const tight = await injectGateway(world, {
      sql: { timeoutMs: 30, maxRows: MAX_ROWS, analystUrl: analyst },
    });
    try {
      const started = Date.now();
      const res = await tight.inject({ method: 'POST', url: '/graphql', payload: { query: heavy } });
      expect(Date.now() - started).toBeLessThan(30 + 2500);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].message).toMatch(/longer than the 30 ms timeout/);
    } finally {
      await tight.close();
    }
    // a small query within the 1.5 s bound is answered: the timeout, not the endpoint, ended the one above
    const light =
      '{ activitys(limit: 5, orderBy: "cursor", orderDirection: "desc") { items { cursor type event } } }';
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query: light } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().errors, res.body.slice(0, 300)).toBeUndefined();
    expect(res.json().data.activitys.items).toHaveLength(5);
  });
});

describe('the analyst role', () => {
  it('reads the views, cannot write, cannot read other schemas, has its own timeout', async () => {
    const sql = postgres(analyst, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from skald.activity`;
      expect(row?.n).toBeGreaterThan(0);
      const [timeout] = await sql<{ statement_timeout: string }[]>`show statement_timeout`;
      expect(timeout?.statement_timeout).toBe('1500ms');
      await expect(sql`delete from skald.activity`).rejects.toThrow(
        /read-only transaction|permission denied/,
      );
      await expect(sql.begin('read write', (tx) => tx`delete from skald.activity`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(sql.unsafe(`select * from "${deploymentSchema}".activity limit 1`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(sql.unsafe('create table public.x (a int)')).rejects.toThrow(
        /read-only|permission denied/,
      );
      await expect(sql`select pg_sleep(5)`).rejects.toThrow(/statement timeout/);
    } finally {
      await sql.end();
    }
  });
});

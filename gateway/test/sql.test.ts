/**
 * /sql/db under attack, on a real Postgres with the real analyst role: empty and non-SELECT statements are refused
 * before they reach the database (and pin nothing), a missing parameter is the client's 400, a backend terminated
 * mid-query is an error answer (never a crash), and the analyst role is held to its limits whatever it sets:
 * the watchdog cancels a psql session that lifted its own timeout, advisory locks and settings are refused, the
 * role's connections and the endpoint's concurrency are bounded.
 */
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bare } from './fixtures/bare.ts';
import { type SqlGateway, startSqlGateway } from './fixtures/sql.ts';

const ROLE = 'skald_analyst_sqltest';
const PASSWORD = 'analyst-sqltest-password';
const TIMEOUT_MS = 1000;

let bare: Bare;
let app: FastifyInstance;
/** errors that escaped the process (a crash of the gateway would be one) */
let uncaught: unknown[];
let sqlGateway: SqlGateway | undefined;
let analyst: string;

/** An answer, or a failure naming the request if it does not come within `ms` (a hang is a failure). */
async function within<T>(what: string, promise: Promise<T>, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const sqlGet = (query: string, ip = '127.0.0.1') =>
  within(
    query,
    app.inject({ method: 'GET', url: `/sql/db?sql=${encodeURIComponent(query)}`, remoteAddress: ip }),
  );
const withParams = (sql: string, params: unknown[]) =>
  within(
    sql,
    app.inject({
      method: 'GET',
      url: `/sql/db?sql=${encodeURIComponent(JSON.stringify({ json: { sql, params } }))}`,
    }),
  );

beforeAll(async () => {
  sqlGateway = await startSqlGateway({ name: ROLE, password: PASSWORD, timeoutMs: TIMEOUT_MS });
  ({ bare, app, analyst, uncaught } = sqlGateway);
});

afterAll(async () => {
  await sqlGateway?.stop();
});

describe('/sql/db refuses what is not one SELECT before Postgres sees it', () => {
  it('answers empty statements with 400 at once, and they pin no connection', async () => {
    for (const empty of ['-- nothing', ';', '/* x */', ' ; ; ', '-- a\n/* b */ ;']) {
      const res = await sqlGet(empty);
      expect(res.statusCode, empty).toBe(400);
      expect(res.json().message).toMatch(/empty statement/);
    }
    // more than the pool holds, at once: none may stay pinned
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sqlGet(i % 2 ? '-- nothing' : ';', `10.0.0.${i}`)),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(8).fill(400));
    const after = await sqlGet('select count(*)::int as n from vera');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().rows).toEqual([{ n: 50 }]);
  });

  it('refuses statements other than SELECT with 403 naming them', async () => {
    const cases: [string, RegExp][] = [
      ['set statement_timeout = 0', /SELECT statements only, not SET/],
      ['show all', /not SHOW/],
      ['explain analyze select 1', /not EXPLAIN/],
      ['begin', /SELECT statements only/],
      ['with gone as (delete from vera returning *) select * from gone', /SELECT statements only/],
      ['select * into vera_copy from vera', /INTO/],
      ['select * from vera for update', /FOR UPDATE/],
      ['copy vera to stdout', /not COPY/],
    ];
    for (const [statement, message] of cases) {
      const res = await sqlGet(statement);
      expect(res.statusCode, statement).toBe(403);
      expect(res.json().message, statement).toMatch(message);
    }
    const [count] = await bare.owner`select count(*)::int as n from skald.vera`;
    expect(count?.n).toBe(50);
  });

  it('answers a missing or extra parameter with 400, not 503', async () => {
    const missing = await withParams('select $1::int as a', []);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/\$1/);
    const plain = await sqlGet('select $1::int');
    expect(plain.statusCode).toBe(400);
    const extra = await withParams('select 1 as a', [1, 2]);
    expect(extra.statusCode).toBe(400);
    const ok = await withParams('select $1::int as a, $2::text as b', [7, 'x']);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().rows).toEqual([{ a: 7, b: 'x' }]);
    const bad = await withParams('select $1::int as a', [{ nested: true }]);
    expect(bad.statusCode).toBe(400);
  });

  it('keeps trailing semicolons, comments and string contents intact', async () => {
    const res = await sqlGet("select 'a;b' as s, 2 as t; -- done");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([{ s: 'a;b', t: 2 }]);
    expect(res.json().fields.map((f: { name: string }) => f.name)).toEqual(['s', 't']);
  });
});

describe('a terminated analyst backend', () => {
  it('is a 503 answer for the request it was running, and the gateway carries on', async () => {
    const pending = sqlGet('select pg_sleep(5)');
    // the statement runs as the cursor's FETCH
    await waitForActive('fetch forward');
    const [killed] = await bare.owner`
      select count(*)::int as n from (
        select pg_terminate_backend(pid) from pg_stat_activity
        where usename = ${ROLE} and query like '%fetch forward%' and state = 'active') t`;
    expect(killed?.n).toBeGreaterThan(0);
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/ended by the database|unavailable/);
    const after = await sqlGet('select 1 as ok');
    expect(after.statusCode).toBe(200);
    expect(uncaught).toEqual([]);
  });

  it('never crashes the gateway, whenever the termination lands (rows streaming, several at once)', async () => {
    const statements = [
      'select pg_sleep(0.005), g from generate_series(1, 400) g',
      'select pg_sleep(0.05)',
      'select g from generate_series(1, 5000) g',
    ];
    const statuses = new Set<number>();
    for (let round = 0; round < 10; round++) {
      const kill = setTimeout(
        () => {
          bare.owner`select pg_terminate_backend(pid) from pg_stat_activity where usename = ${ROLE}`.catch(
            () => {},
          );
        },
        Math.floor(Math.random() * 40),
      );
      const answers = await Promise.all(statements.map((s, i) => sqlGet(s, `10.1.${round}.${i}`)));
      clearTimeout(kill);
      for (const a of answers) statuses.add(a.statusCode);
    }
    expect([...statuses].every((s) => s === 200 || s === 503 || s === 422)).toBe(true);
    expect(uncaught).toEqual([]);
    // the next statement runs on a fresh connection, whichever pooled ones the last round ended
    const after = await sqlGet('select count(*)::int as n from vera');
    expect(after.statusCode, after.body).toBe(200);
  });
});

describe('the analyst role is bounded for real', () => {
  it('cancels a psql session that lifted its own statement timeout', async () => {
    const psql = postgres(analyst, { max: 1, onnotice: () => {} });
    try {
      await psql`set statement_timeout = 0`;
      const started = Date.now();
      const error = await psql`select pg_sleep(20)`.then(
        () => null,
        (e: { code?: string }) => e,
      );
      expect(error?.code).toBe('57014');
      // the limit, the watchdog's second of grace and its 1 s period; far below the 20 s asked for
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 6000);
    } finally {
      await psql.end();
    }
  });

  it('refuses advisory locks and settings that would stay on a pooled connection', async () => {
    for (const statement of [
      'select pg_advisory_lock(42)',
      'select pg_try_advisory_lock(42)',
      'select * from pg_catalog.pg_advisory_lock_shared(42)',
      "select set_config('statement_timeout', '0', false)",
      'select pg_terminate_backend(1)',
    ]) {
      const res = await sqlGet(statement);
      expect(res.statusCode, statement).toBe(403);
    }
    const [held] = await bare.owner`select count(*)::int as n from pg_locks where locktype = 'advisory'`;
    expect(held?.n).toBe(0);
  });

  it('limits the role to its connections and /sql to a few statements per client', async () => {
    const [role] = await bare.owner`select rolconnlimit from pg_roles where rolname = ${ROLE}`;
    expect(role?.rolconnlimit).toBe(10);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => sqlGet('select pg_sleep(0.5)', '10.9.9.9')),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429]);
    expect(answers.find((a) => a.statusCode === 429)?.json().message).toMatch(/at once per client/);
  });

  it('cannot read the gateway schema or Ponder tables; only the views (and the catalogs every role sees)', async () => {
    await bare.owner.unsafe(
      'create schema if not exists hidden_schema; create table if not exists hidden_schema.secret (a int)',
    );
    const hidden = await sqlGet('select * from hidden_schema.secret');
    expect(hidden.statusCode).toBe(403);
    const views = await sqlGet('select count(*)::int as n from vera');
    expect(views.statusCode).toBe(200);
    const catalog = await sqlGet("select count(*)::int as n from pg_catalog.pg_class where relname = 'vera'");
    expect(catalog.statusCode).toBe(200);
  });
});

async function waitForActive(fragment: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await bare.owner`
      select 1 from pg_stat_activity where usename = ${ROLE} and state = 'active' and query like ${`%${fragment}%`}`;
    if (rows.length > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no active ${fragment} statement`);
}

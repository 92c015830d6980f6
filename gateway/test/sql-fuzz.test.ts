/**
 * /sql/db under property-based fuzz, on a real Postgres with a real analyst role: statements built from SQL's
 * sharp edges (comments, quotes, dollar quotes, semicolons, parameters, casts, set-returning and locking functions,
 * statement keywords) and arbitrary text, plain or with JSON parameters. Every answer comes within the bound and
 * below 500, no error escapes the process, no analyst connection is left pinned, and a plain query still answers.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bare } from './fixtures/bare.ts';
import { type SqlGateway, startSqlGateway } from './fixtures/sql.ts';

const ROLE = 'skald_analyst_sqlfuzz';
const PASSWORD = 'analyst-sqlfuzz-password';
const TIMEOUT_MS = 1000;
/** the slowest answer allowed: the statement timeout plus the gateway's cancel-then-terminate grace */
const ANSWER_MS = 15_000;

let bare: Bare;
let app: FastifyInstance;
/** errors that escaped the process (a crash of the gateway would be one) */
let uncaught: unknown[];
let sqlGateway: SqlGateway | undefined;

async function ask(url: string): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${url.slice(0, 200)}: no answer within ${ANSWER_MS} ms`)),
      ANSWER_MS,
    );
  });
  try {
    const res = await Promise.race([app.inject({ method: 'GET', url }), late]);
    return { status: res.statusCode, body: res.body, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

const piece = fc.constantFrom(
  'select',
  'SELECT',
  ' ',
  '\n',
  '*',
  '1',
  '$1',
  '$2',
  '$0',
  '$99999999999',
  'from',
  'vera',
  'skald.vera',
  'pg_catalog.pg_class',
  'where',
  'id',
  '=',
  ',',
  '(',
  ')',
  ';',
  '--',
  '/*',
  '*/',
  "'",
  "''",
  '"',
  '$$',
  '$x$',
  '::int',
  '::numeric(78,0)',
  '::text[]',
  "e'\\x00'",
  'union all',
  'limit',
  '1e309',
  'Infinity',
  'NaN',
  'generate_series(1, 1000000)',
  'pg_sleep(0.01)',
  'pg_advisory_lock(1)',
  "set_config('statement_timeout', '0', false)",
  'pg_terminate_backend(1)',
  'insert into vera values (1)',
  'delete from vera',
  'begin',
  'commit',
  'set statement_timeout = 0',
  'show all',
  'copy vera to stdout',
  'with x as (select 1)',
  'for update',
  'into',
  'values (1)',
  'listen x',
  'notify x',
  'prepare p as',
  'execute p',
  'discard all',
  '\u0000',
  'ᚠᚢᚦ',
  '😀',
);
const statement = fc.oneof(
  fc.array(piece, { minLength: 0, maxLength: 24 }).map((parts) => parts.join(' ')),
  fc.array(piece, { minLength: 0, maxLength: 24 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.constant('select 1'.repeat(2000)),
);
const param = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 50 }),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map(String),
  fc.anything({ maxDepth: 2 }),
);

beforeAll(async () => {
  sqlGateway = await startSqlGateway({ name: ROLE, password: PASSWORD, timeoutMs: TIMEOUT_MS });
  ({ bare, app, uncaught } = sqlGateway);
});

afterAll(async () => {
  await sqlGateway?.stop();
});

describe('/sql/db fuzz', () => {
  it('answers any statement, with or without parameters, within the bound and below 500', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(statement, fc.option(fc.array(param, { maxLength: 4 })), async (sql, params) => {
        const query = params === null ? sql : JSON.stringify({ json: { sql, params } });
        const { status } = await ask(`/sql/db?sql=${encodeURIComponent(query)}`);
        seen.set(status, (seen.get(status) ?? 0) + 1);
        expect(status, query.slice(0, 300)).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
    // the fuzz reached both the refusals and Postgres itself
    expect([...seen.keys()].some((s) => s === 400 || s === 403)).toBe(true);
    expect(uncaught).toEqual([]);
  }, 600_000);

  it('leaves no analyst connection pinned and still answers a plain query', async () => {
    const pinned = await bare.owner`
      select count(*)::int as n from pg_stat_activity
      where usename = ${ROLE} and (state like 'idle in transaction%' or state = 'active')`;
    expect(pinned[0]?.n).toBe(0);
    const locks = await bare.owner`
      select count(*)::int as n from pg_locks l join pg_stat_activity a using (pid)
      where a.usename = ${ROLE} and l.locktype = 'advisory'`;
    expect(locks[0]?.n).toBe(0);
    const plain = await ask(`/sql/db?sql=${encodeURIComponent('select count(*)::int as n from vera')}`);
    expect(plain.status, plain.body).toBe(200);
  });
});

/**
 * The one error handler against a real Postgres: errors the request's values caused are 400s, a database that
 * is unreachable, cancels the statement or drops the connection is a 503 with a message, and the process keeps
 * answering. Bad numbers in parameters are refused before any query, naming the field.
 */
import { testAdminUrl } from '@skald/db/testing';
import { Limit, WholeNumber } from '@skald/wire/rest';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import postgres from 'postgres';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errors from '../src/plugins/app/errors.ts';

const URL = testAdminUrl();
const sql = postgres(URL, { max: 2, onnotice: () => {} });
const admin = postgres(URL, { max: 1, onnotice: () => {} });
let app: FastifyInstance;

const metrics = fp(
  async (instance) => {
    instance.decorate('metrics', { errors: { inc: () => {} } } as never);
  },
  { name: 'metrics' },
);

beforeAll(async () => {
  app = Fastify();
  await app.register(metrics);
  await app.register(errors);
  app.get('/range', async () => sql`select ${'99999999999'}::int as n`);
  app.get('/text', async () => sql`select ${'1e309x'}::bigint as n`);
  app.get('/timeout', async () =>
    sql.begin(async (tx) => {
      await tx`set local statement_timeout = 50`;
      return tx`select pg_sleep(2)`;
    }),
  );
  app.get('/refused', async () => {
    const nowhere = postgres('postgres://postgres@127.0.0.1:1/postgres', { max: 1, connect_timeout: 2 });
    try {
      return await nowhere`select 1`;
    } finally {
      await nowhere.end({ timeout: 0 });
    }
  });
  app.get('/terminated', async () => {
    const victim = postgres(URL, {
      max: 1,
      onnotice: () => {},
      connection: { application_name: 'errors_test_victim' },
    });
    try {
      const running = victim`select pg_sleep(5)`.execute();
      // the backend's end can reach the client before the admin query below answers: the rejection is awaited
      // (and checked) after that, so it must not count as unhandled meanwhile
      running.catch(() => {});
      for (let i = 0; i < 50; i++) {
        const [row] = await admin<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where application_name = 'errors_test_victim' and state = 'active' and query like '%pg_sleep%'`;
        if (row && row.n > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'errors_test_victim'`;
      return await running;
    } finally {
      await victim.end({ timeout: 0 });
    }
  });
  app.get('/bug', async () => {
    throw new Error('a bug of ours');
  });
  app.get(
    '/page/:n',
    {
      schema: {
        params: Type.Object({ n: WholeNumber({ minimum: 1, maximum: 3 }) }),
        querystring: Type.Object({ limit: Limit }),
      },
    },
    async (request) => ({
      n: (request.params as { n: number }).n,
      limit: (request.query as { limit: number }).limit,
    }),
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await sql.end({ timeout: 1 });
  await admin.end({ timeout: 1 });
});

describe('postgres errors', () => {
  it('answers values Postgres refuses with 400', async () => {
    for (const url of ['/range', '/text']) {
      const res = await app.inject(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(
        /value the database cannot take: .*(out of range|invalid input syntax)/,
      );
    }
  });

  it('answers a cancelled statement, a refused connection and a terminated backend with 503 and a reason', async () => {
    const timeout = await app.inject('/timeout');
    expect(timeout.statusCode, timeout.body).toBe(503);
    expect(timeout.json().message).toMatch(/stopped the query/);
    expect(timeout.headers['retry-after']).toBe('2');
    const refused = await app.inject('/refused');
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().message).toMatch(/unavailable/);
    const terminated = await app.inject('/terminated');
    expect(terminated.statusCode, terminated.body).toBe(503);
    expect(terminated.json().message).toMatch(/unavailable/);
    // still serving, and our own bugs are still 500s without internals
    const bug = await app.inject('/bug');
    expect(bug.statusCode).toBe(500);
    expect(bug.body).not.toContain('a bug of ours');
    expect((await app.inject('/range')).statusCode).toBe(400);
  });
});

describe('whole-number parameters', () => {
  it('refuses exponents, infinities, NaN, signs, hex and padding with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['/page/1e309', 'params.n'],
      ['/page/Infinity', 'params.n'],
      ['/page/-Infinity', 'params.n'],
      ['/page/NaN', 'params.n'],
      ['/page/-1', 'params.n'],
      ['/page/0x2', 'params.n'],
      ['/page/2.0', 'params.n'],
      ['/page/02', 'params.n'],
      ['/page/1?limit=1e309', 'querystring.limit'],
      ['/page/1?limit=Infinity', 'querystring.limit'],
      ['/page/1?limit=%201', 'querystring.limit'],
      ['/page/1?limit=99999999999999999999999', 'querystring.limit'],
    ];
    for (const [url, field] of cases) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain(`${field} must be a whole number in decimal digits`);
    }
    const big = await app.inject('/page/4');
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('params.n must be <= 3');
    const ok = await app.inject('/page/3?limit=100');
    expect(ok.json()).toEqual({ n: 3, limit: 100 });
    expect((await app.inject('/page/2')).json()).toEqual({ n: 2, limit: 20 });
  });
});

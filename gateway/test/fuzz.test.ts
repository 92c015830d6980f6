/** Property-based fuzz of every route: whatever a client sends, the gateway never answers 5xx. */

import { ANVIL_MNEMONIC } from '@skald/chain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './fixtures/siwe.ts';
import { injectGateway, startWorld, type World } from './fixtures/world.ts';

let world: World;
let app: FastifyInstance;
let adminCookie: string;

beforeAll(async () => {
  world = await startWorld(60, 21);
  app = await injectGateway(world);
  adminCookie = await signIn(app, mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }));
});

afterAll(async () => {
  await app?.close();
  await world?.stop();
});

const nasty = fc.constantFrom(
  '',
  '-1',
  '0',
  '1',
  '20',
  '101',
  '1e3',
  '0x10',
  '18446744073709551615',
  '18446744073709551616',
  '99999999999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '%00',
  "' OR 1=1 --",
  '00000000000000000001-000000',
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  '\u0000',
  '\uD800',
  'a'.repeat(5000),
);
const value = fc.oneof(
  nasty,
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.bigInt().map(String),
  fc.integer().map(String),
);
const enc = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return escape(v); // lone surrogates
  }
};

const ROUTES: { name: string; build: (a: string, b: string, c: string) => string }[] = [
  { name: 'viking data', build: (a) => `/api/viking/data?address=${enc(a)}` },
  { name: 'viking', build: (a) => `/api/viking/${enc(a)}` },
  { name: 'inventory', build: (a) => `/api/viking/${enc(a)}/inventory` },
  { name: 'vera', build: (a) => `/api/vera/${enc(a)}` },
  { name: 'leaderboard', build: (a, b, c) => `/api/leaderboard/${enc(a)}?limit=${enc(b)}&offset=${enc(c)}` },
  { name: 'clans', build: (a, b, c) => `/api/clans?status=${enc(a)}&limit=${enc(b)}&offset=${enc(c)}` },
  { name: 'clan', build: (a) => `/api/clans/${enc(a)}` },
  { name: 'shop', build: (a) => `/api/shop?shopId=${enc(a)}` },
  { name: 'battle', build: (a) => `/api/battles/${enc(a)}` },
  {
    name: 'viking battles',
    build: (a, b, c) => `/api/viking/${enc(a)}/battles?limit=${enc(b)}&offset=${enc(c)}`,
  },
  { name: 'arena', build: (a) => `/api/arena?characterId=${enc(a)}` },
  { name: 'viking search', build: (a, b) => `/api/vikings?name=${enc(a)}&limit=${enc(b)}` },
  { name: 'clan asks', build: (a) => `/api/clans/${enc(a)}/asks` },
  { name: 'viking clan asks', build: (a) => `/api/viking/${enc(a)}/clan-asks` },
  {
    name: 'activity',
    build: (a, b, c) =>
      `/api/activity?type=${enc(a)}&before=${enc(b)}&after=${enc(c)}&characterId=${enc(a)}&limit=${enc(c)}`,
  },
  {
    name: 'admin audit',
    build: (a, b, c) => `/api/admin/audit?admin=${enc(a)}&kind=${enc(b)}&before=${enc(c)}`,
  },
  { name: 'admin csv', build: (a, b) => `/api/admin/audit.csv?target=${enc(a)}&to=${enc(b)}` },
  { name: 'admin search', build: (a, b) => `/api/admin/search?q=${enc(a)}&type=${enc(b)}` },
  { name: 'image', build: (a, b, c) => `/api/image?url=${enc(a)}&w=${enc(b)}&q=${enc(c)}` },
  { name: 'graphql get', build: (a, b) => `/graphql?query=${enc(a)}&variables=${enc(b)}` },
  { name: 'pages', build: (a) => `/admin/${enc(a)}` },
];

describe('fuzz: no client input yields a 5xx', () => {
  for (const route of ROUTES) {
    it(route.name, async () => {
      await fc.assert(
        fc.asyncProperty(value, value, value, async (a, b, c) => {
          const res = await app.inject({ method: 'GET', url: route.build(a, b, c) });
          expect(
            res.statusCode,
            `${route.build(a, b, c).slice(0, 200)} -> ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('POST bodies: sign-in verify, graphql, logout', async () => {
    const body = fc.oneof(
      fc.json(),
      fc.record({ message: value, signature: value }).map((v) => JSON.stringify(v)),
      fc.record({ query: value, variables: fc.anything() }).map((v) => JSON.stringify(v)),
      value,
    );
    const url = fc.constantFrom('/api/auth/verify', '/graphql', '/api/auth/logout');
    const type = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded');
    await fc.assert(
      fc.asyncProperty(url, body, type, async (u, b, t) => {
        const res = await app.inject({ method: 'POST', url: u, payload: b, headers: { 'content-type': t } });
        expect(res.statusCode, `${u} ${b.slice(0, 120)} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

describe('fuzz: no admin input yields a 5xx', () => {
  const ADMIN_ROUTES: typeof ROUTES = [
    {
      name: 'audit',
      build: (a, b, c) => `/api/admin/audit?target=${enc(a)}&kind=${enc(b)}&before=${enc(c)}&from=${enc(a)}`,
    },
    {
      name: 'audit after',
      build: (a, b, c) => `/api/admin/audit?after=${enc(a)}&admin=${enc(b)}&tx=${enc(c)}`,
    },
    { name: 'audit newer', build: (a, b) => `/api/admin/audit/newer?after=${enc(a)}&to=${enc(b)}` },
    {
      name: 'audit csv',
      build: (a, b, c) => `/api/admin/audit.csv?target=${enc(a)}&kind=${enc(b)}&to=${enc(c)}`,
    },
    { name: 'search', build: (a, b, c) => `/api/admin/search?q=${enc(a)}&type=${enc(b)}&limit=${enc(c)}` },
  ];
  for (const route of ADMIN_ROUTES) {
    it(route.name, async () => {
      await fc.assert(
        fc.asyncProperty(value, value, value, async (a, b, c) => {
          const url = route.build(a, b, c);
          const res = await app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
          expect(res.statusCode, `${url.slice(0, 200)} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('answers odd but valid searches', async () => {
    for (const q of ['%', '_', '\\', "'", '0x', '0', '18446744073709551615', 'ä', '🛡']) {
      for (const type of ['character', 'clan', 'vera', 'account']) {
        const url = `/api/admin/search?type=${type}&q=${encodeURIComponent(q)}`;
        const res = await app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
        expect(res.statusCode, url).toBe(200);
      }
    }
    const nul = await app.inject({
      method: 'GET',
      url: '/api/admin/search?q=a%00b',
      headers: { cookie: adminCookie },
    });
    expect(nul.statusCode).toBe(400);
  });

  it('answers 400 naming the field for a NUL character anywhere in the input', async () => {
    const cases = [
      { url: '/api/vikings?name=%00&limit=1', field: 'querystring.name' },
      { url: '/api/leaderboard/1?name=a%00', field: 'querystring.name' },
      { url: '/api/viking/%00', field: 'params.characterId' },
    ];
    for (const { url, field } of cases) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain(field);
    }
    const body = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ a }\u0000' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toContain('body.query');
  });
});

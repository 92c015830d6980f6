/**
 * Property-based fuzz of every route: whatever a client sends, the gateway never answers 5xx and never hangs.
 * Hand-written cases for the routes' known parameters, then every route the gateway registers (read from its
 * route catalog, so a new route is fuzzed without being listed here), then GraphQL documents built from
 * fragments, aliases, directives and nesting.
 */

import { ANVIL_MNEMONIC } from '@skald/chain';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
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
  '1e309',
  'Infinity',
  '-Infinity',
  '-0',
  '1.5',
  '0x1F',
  ' 1',
  '+1',
  '9007199254740993',
  '1e-7',
  '%',
  '..',
  'x'.repeat(300),
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

/**
 * The two documented 503s, which are answers, not failures: the page catch-all without a web app (this gateway
 * is given none) and /ready while the stack is not ready (its body says why).
 */
const isDocumented503 = (url: string, res: { statusCode: number; body: string }) =>
  res.statusCode === 503 &&
  (res.body.includes('<title>Web app unavailable</title>') ||
    (url === '/ready' && /"ready":\s*false/.test(res.body)));

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
          if (isDocumented503(route.build(a, b, c), res)) return;
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

/** Every request must be answered within this bound (the slowest legitimate answer is a 5 s SQL timeout). */
const ANSWER_WITHIN_MS = 15_000;

async function answered(request: InjectOptions) {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${JSON.stringify(request).slice(0, 300)}`),
        ),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([app.inject(request), hang]);
  } finally {
    clearTimeout(timer);
  }
}

type Schema = { properties?: Record<string, unknown> } | undefined;
const keysOf = (schema: unknown) => Object.keys((schema as Schema)?.properties ?? {});

/** A URL for `url` with its parameters and wildcard filled from `values`, and some of its query keys set. */
function fill(url: string, query: string[], values: string[]): string {
  let i = 0;
  const next = () => values[i++ % values.length] ?? '';
  const path = url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return enc(next());
      if (segment === '*') return `${enc(next())}/${enc(next())}`;
      return segment;
    })
    .join('/');
  const pairs = query.filter((_, k) => (values.length + k) % 3 !== 0).map((key) => `${key}=${enc(next())}`);
  if (values.length % 2 === 0) pairs.push(`${enc(next())}=${enc(next())}`);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

describe('fuzz: every registered route', () => {
  it('knows the routes to fuzz', () => {
    const urls = app.routeCatalog.map((r) => r.url);
    // a sample the catalog must hold: REST, GraphQL, SQL, pages
    for (const url of ['/api/leaderboard/:battleType', '/api/shop', '/graphql', '/sql/db', '/*'])
      expect(urls).toContain(url);
    expect(app.routeCatalog.length).toBeGreaterThan(25);
  });

  it('answers every route, every method, any parameters, within the bound and below 500', async () => {
    const routes = app.routeCatalog.flatMap((route) =>
      route.methods
        .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
        .map((method) => ({ method, url: route.url, schema: route.schema })),
    );
    const body = fc.oneof(
      fc.json(),
      fc.dictionary(fc.string(), fc.oneof(value, fc.integer(), fc.double(), fc.boolean(), fc.constant(null))),
      value,
    );
    for (const route of routes) {
      const query = keysOf(route.schema?.querystring);
      const bodyKeys = keysOf(route.schema?.body);
      const withKeys = fc.tuple(...bodyKeys.map(() => fc.oneof(value, fc.integer(), fc.double(), fc.json())));
      await fc.assert(
        fc.asyncProperty(
          fc.array(value, { minLength: 1, maxLength: 6 }),
          body,
          withKeys,
          async (values, b, v) => {
            const url = fill(route.url, query, values);
            const payload =
              route.method === 'GET' || route.method === 'DELETE'
                ? undefined
                : bodyKeys.length > 0 && values.length % 2 === 1
                  ? JSON.stringify(Object.fromEntries(bodyKeys.map((k, i) => [k, v[i]])))
                  : b;
            const res = await answered({
              method: route.method as 'GET',
              url,
              ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
            });
            if (isDocumented503(route.url, res)) return;
            expect(
              res.statusCode,
              `${route.method} ${url.slice(0, 200)} -> ${res.body.slice(0, 200)}`,
            ).toBeLessThan(500);
          },
        ),
        { numRuns: 25 },
      );
    }
  });

  it('answers every GET route for an admin the same way', async () => {
    for (const route of app.routeCatalog.filter((r) => r.methods.includes('GET'))) {
      const query = keysOf(route.schema?.querystring);
      await fc.assert(
        fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 6 }), async (values) => {
          const url = fill(route.url, query, values);
          const res = await answered({ method: 'GET', url, headers: { cookie: adminCookie } });
          if (isDocumented503(route.url, res)) return;
          expect(res.statusCode, `GET ${url.slice(0, 200)} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: 10 },
      );
    }
  });

  it('answers infinite and out-of-range numbers in the numeric parameters with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['/api/leaderboard/1e309', 'params.battleType'],
      ['/api/leaderboard/Infinity', 'params.battleType'],
      ['/api/leaderboard/1?limit=1e309', 'querystring.limit'],
      ['/api/leaderboard/1?offset=Infinity', 'querystring.offset'],
      ['/api/leaderboard/1?offset=-Infinity', 'querystring.offset'],
      ['/api/viking/1/battles?limit=Infinity', 'querystring.limit'],
      ['/api/viking/1/battles?offset=1e309', 'querystring.offset'],
      ['/api/clans?limit=1e309', 'querystring.limit'],
      ['/api/clans?status=Infinity', 'querystring.status'],
      ['/api/shop?shopId=1e309', 'querystring.shopId'],
      ['/api/shop?shopId=Infinity', 'querystring.shopId'],
      ['/api/shop?shopId=NaN', 'querystring.shopId'],
      ['/api/shop?shopId=-1', 'querystring.shopId'],
      ['/api/activity?limit=Infinity', 'querystring.limit'],
      ['/api/activity?limit=1e309', 'querystring.limit'],
      ['/api/vikings?name=a&limit=Infinity', 'querystring.limit'],
    ];
    for (const [url, field] of cases) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} -> ${res.body}`).toBe(400);
      expect(res.json().message, url).toContain(field);
    }
    const admin = await app.inject({
      method: 'GET',
      url: '/api/admin/audit?from=Infinity',
      headers: { cookie: adminCookie },
    });
    expect(admin.statusCode, admin.body).toBe(400);
    expect(admin.json().message).toContain('querystring.from');
    // and huge but finite numbers are range errors, not database errors
    const huge = await app.inject({ method: 'GET', url: '/api/shop?shopId=99999999999999' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain('querystring.shopId');
  });
});

describe('fuzz: GraphQL documents', () => {
  const FIELDS = [
    'veras',
    'clans',
    'activitys',
    'accounts',
    'characters',
    'items',
    'id',
    'name',
    'totalCount',
  ];
  const leaf = fc.constantFrom('id', 'name', '__typename', 'totalCount', 'nope', 'cursor');
  const directive = fc.constantFrom(
    '',
    '@include(if: true)',
    '@skip(if: false)',
    '@skip(if: $s)',
    '@bogus',
    '@include',
  );
  const alias = fc.option(fc.constantFrom('a', 'b', 'x1', 'veras', 'id'), { nil: undefined });
  const limit = fc.option(fc.constantFrom('1', '50', '1000', '-1', '99999999999', '1e309', '$n', '"x"'), {
    nil: undefined,
  });
  const selection: fc.Memo<string> = fc.memo((n) =>
    n <= 1
      ? fc.tuple(alias, leaf, directive).map(([a, f, d]) => `${a ? `${a}: ` : ''}${f} ${d}`)
      : fc.oneof(
          fc.tuple(alias, leaf, directive).map(([a, f, d]) => `${a ? `${a}: ` : ''}${f} ${d}`),
          fc
            .tuple(
              alias,
              fc.constantFrom(...FIELDS),
              limit,
              directive,
              fc.array(selection(n - 1), { minLength: 1, maxLength: 4 }),
            )
            .map(
              ([a, f, l, d, inner]) =>
                `${a ? `${a}: ` : ''}${f}${l ? `(limit: ${l})` : ''} ${d} { items { ${inner.join(' ')} } }`,
            ),
          fc
            .array(selection(n - 1), { minLength: 1, maxLength: 3 })
            .map((inner) => `... on Query { ${inner.join(' ')} }`),
        ),
  );
  /** A document of `k` fragments; fragment i spreads later ones (sometimes an earlier one: a cycle) 1-3 times. */
  const document = fc
    .tuple(
      fc.array(selection(4), { minLength: 1, maxLength: 4 }),
      fc.integer({ min: 0, max: 8 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 3 })), { maxLength: 12 }),
      fc.boolean(),
    )
    .map(([top, k, spreads, variables]) => {
      const body = (i: number) => {
        const own = spreads
          .filter(([to], j) => j % Math.max(k, 1) === i && to !== undefined)
          .flatMap(([to, times]) => Array.from({ length: times }, () => `...F${to % Math.max(k, 1)}`));
        return own.length > 0 ? own.join(' ') : '__typename';
      };
      const fragments = Array.from({ length: k }, (_, i) => `fragment F${i} on Query { ${body(i)} }`);
      const head = variables ? 'query Q($n: Int = 10, $s: Boolean = false)' : 'query';
      const spread = k > 0 ? ' ...F0' : '';
      return `${head} { ${top.join(' ')}${spread} } ${fragments.join(' ')}`;
    });

  it('answers any document within the bound and below 500', async () => {
    await fc.assert(
      fc.asyncProperty(document, fc.boolean(), async (query, batch) => {
        const payload = batch ? [{ query }, { query: '{ __typename }' }] : { query };
        const res = await answered({ method: 'POST', url: '/graphql', payload });
        expect(res.statusCode, `${query.slice(0, 300)} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });

  it('refuses doubling fragments at once, over POST, GET and in a batch', async () => {
    for (const n of [22, 30]) {
      const defs = Array.from(
        { length: n },
        (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`,
      );
      const query = `query { ...F0 } ${defs.join(' ')} fragment F${n} on Query { veras(limit: 1) { items { id } } }`;
      for (const request of [
        { method: 'POST' as const, url: '/graphql', payload: { query } },
        { method: 'GET' as const, url: `/graphql?query=${encodeURIComponent(query)}` },
        { method: 'POST' as const, url: '/graphql', payload: [{ query: '{ __typename }' }, { query }] },
      ]) {
        const started = performance.now();
        const res = await answered(request);
        expect(performance.now() - started, `${n} fragments ${request.method}`).toBeLessThan(1000);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].message).toMatch(/deeper than 8 levels|fields/);
      }
    }
    // and the gateway still answers at once
    const res = await answered({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } });
    expect(res.statusCode).toBe(200);
  });
});

/**
 * Sessions you can end: logout ends the server-side record (a copy of the cookie taken before is refused, on
 * every gateway sharing the store), a change of the admin role ends the wallet's sessions, an admin lists who is
 * signed in and revokes one. In Postgres (the gateway's own schema) and in Redis. Real keys, real signatures;
 * the admin role is written to the index's account row as the indexer does when it sees RoleGranted/RoleRevoked.
 */
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bare, startBare } from './fixtures/bare.ts';
import { signedMessage } from './fixtures/siwe.ts';

const REDIS_URL = process.env.SKALD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let bare: Bare;

type Inject = { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: object };
/**
 * The gateway's health gate answers every /api request 503 while its last check did not reach the database in
 * time (on this loaded machine, now and then): such an answer is retried, any other is the answer.
 */
async function call(app: FastifyInstance, options: Inject) {
  for (let i = 0; ; i++) {
    const res = await app.inject(options);
    if (res.statusCode !== 503 || !/database is unavailable/.test(res.body) || i >= 100) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
}
const session = (app: FastifyInstance, cookie: string) =>
  call(app, { method: 'GET', url: '/api/auth/session', headers: { cookie } });
const logout = (app: FastifyInstance, cookie: string) =>
  call(app, { method: 'POST', url: '/api/auth/logout', headers: { cookie } });
async function signIn(app: FastifyInstance, account: ReturnType<typeof wallet>): Promise<string> {
  const nonce = (await call(app, { method: 'GET', url: '/api/auth/nonce' })).json().nonce as string;
  const res = await call(app, {
    method: 'POST',
    url: '/api/auth/verify',
    payload: await signedMessage(app, account, { nonce }),
  });
  const cookie = res.cookies.find((c) => c.name === 'skald_session');
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return `skald_session=${cookie.value}`;
}

async function setAdmin(address: string, isAdmin: boolean) {
  await bare.owner`
    insert into skald.account (address, character_id, name, main_account, is_admin, role, updated_block)
    values (${address}, 0, '', ${address}, ${isAdmin}, ${isAdmin ? 1 : 0}, 1)`.catch(async () => {});
  await bare.owner`update skald.account set is_admin = ${isAdmin}, role = ${isAdmin ? 1 : 0} where address = ${address}`;
}

const wallet = () => privateKeyToAccount(generatePrivateKey());

/** A gateway answers 503 until its first health read finds the database: wait for that. */
async function settled(app: FastifyInstance): Promise<FastifyInstance> {
  for (let i = 0; i < 100; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/auth/session' });
    if (res.statusCode !== 503) return app;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the gateway never found its database');
}

beforeAll(async () => {
  bare = await startBare();
  await bare.owner.unsafe('alter table skald.account add primary key (address)');
});

afterAll(async () => {
  await bare?.stop();
});

describe.each([
  ['postgres', {}],
  ['redis', { redisUrl: REDIS_URL }],
])('sessions in %s', (_store, extra) => {
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    one = await settled(await bare.gateway(extra));
    two = await settled(await bare.gateway(extra));
  });

  it('logout ends the session: a cookie copied before is refused on every gateway', async () => {
    const player = wallet();
    const cookie = await signIn(one, player);
    expect((await session(one, cookie)).statusCode).toBe(200);
    expect((await session(two, cookie)).statusCode).toBe(200);
    const copy = cookie;
    expect((await logout(one, cookie)).statusCode).toBe(200);
    expect((await session(one, copy)).statusCode).toBe(401);
    expect((await session(two, copy)).statusCode).toBe(401);
  });

  it('a change of the admin role ends the sessions begun under the old one', async () => {
    const admin = wallet();
    const address = admin.address.toLowerCase();
    await setAdmin(address, false);
    const before = await signIn(one, admin);
    expect((await session(one, before)).json().isAdmin).toBe(false);
    await setAdmin(address, true);
    expect((await session(two, before)).statusCode).toBe(401);
    const after = await signIn(two, admin);
    expect((await session(one, after)).json().isAdmin).toBe(true);
    await setAdmin(address, false);
    expect((await session(one, after)).statusCode).toBe(401);
    // and it stays ended when the role comes back
    await setAdmin(address, true);
    expect((await session(one, after)).statusCode).toBe(401);
  });

  it('lists the sessions for an admin, who can revoke one', async () => {
    const admin = wallet();
    await setAdmin(admin.address.toLowerCase(), true);
    const adminCookie = await signIn(one, admin);
    const player = wallet();
    const playerCookie = await signIn(two, player);
    const list = await call(one, {
      method: 'GET',
      url: '/api/admin/sessions',
      headers: { cookie: adminCookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { count: number; items: { id: string; address: string; current: boolean }[] };
    expect(body.count).toBe(body.items.length);
    const mine = body.items.find((s) => s.current);
    expect(mine?.address).toBe(admin.address.toLowerCase());
    const theirs = body.items.find((s) => s.address === player.address.toLowerCase());
    expect(theirs).toBeDefined();
    // the list holds ids, never the cookie's token
    expect(playerCookie).not.toContain(theirs?.id);
    const revoke = await call(two, {
      method: 'POST',
      url: `/api/admin/sessions/${theirs?.id}/revoke`,
      headers: { cookie: adminCookie },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await session(one, playerCookie)).statusCode).toBe(401);
    const again = await call(one, {
      method: 'POST',
      url: `/api/admin/sessions/${theirs?.id}/revoke`,
      headers: { cookie: adminCookie },
    });
    expect(again.statusCode).toBe(404);
    const after = await call(one, {
      method: 'GET',
      url: '/api/admin/sessions',
      headers: { cookie: adminCookie },
    });
    expect(after.json().count).toBe(body.count - 1);
    // a player is refused the list
    const other = await signIn(one, wallet());
    const refused = await call(one, {
      method: 'GET',
      url: '/api/admin/sessions',
      headers: { cookie: other },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a sign-in message whose uri names another site', async () => {
    const nonce = (await call(one, { method: 'GET', url: '/api/auth/nonce' })).json().nonce as string;
    const res = await call(one, {
      method: 'POST',
      url: '/api/auth/verify',
      payload: await signedMessage(one, wallet(), { uri: 'https://evil.example/', nonce }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/not this site/);
  });
});

describe('the session store', () => {
  it("lives in the gateway's own schema, which the views schema does not show", async () => {
    const [table] = await bare.owner`
      select table_schema from information_schema.tables where table_name = 'session'`;
    expect(table?.table_schema).toBe('skald_gateway');
  });

  it('keeps only a hash of the token in Redis', async () => {
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    try {
      const app = await settled(await bare.gateway({ redisUrl: REDIS_URL }));
      const cookie = await signIn(app, wallet());
      const token = decodeURIComponent(cookie).split('.')[2] ?? '';
      expect(token.length).toBeGreaterThan(20);
      const keys = await redis.keys('skald:*:session:*');
      expect(keys.some((k) => k.includes(token))).toBe(false);
    } finally {
      await redis.quit();
    }
  });
});

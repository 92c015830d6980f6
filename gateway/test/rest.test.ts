/**
 * Every REST route against a real indexed world: happy paths, 400s and 404s, pagination caps, caching, and the
 * admin guard. Fuzzing of every route lives in fuzz.test.ts.
 */
import { ANVIL_MNEMONIC, allSkaldAbis, anvilRpc } from '@skald/chain';
import type { FastifyInstance } from 'fastify';
import { type Abi, encodeFunctionData, keccak256, toHex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './fixtures/live.ts';
import { signedMessage, signIn, verify } from './fixtures/siwe.ts';
import { injectGateway, startWorld, type World } from './fixtures/world.ts';

const SEED = 5;
let world: World;
let app: FastifyInstance;
let player: { address: string; characterId: string };
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 });
const bot = privateKeyToAccount(keccak256(toHex(`skald-bot-${SEED}-0`)));

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  world = await startWorld(150, SEED);
  app = await injectGateway(world);
  const [row] = await world.reader.sql<{ address: string; character_id: string }[]>`
    SELECT address, character_id FROM account WHERE address = ${bot.address.toLowerCase()}`;
  if (!row || row.character_id === '0') throw new Error('bot 0 has no character');
  player = { address: row.address, characterId: row.character_id };
});

afterAll(async () => {
  await app?.close();
  await world?.stop();
});

describe('player record', () => {
  it('answers the spec section 3 record for a known wallet, whatever its casing', async () => {
    const res = await get(`/api/viking/data?address=${player.address.toUpperCase().replace('0X', '0x')}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ characterId: player.characterId, isAdmin: false, active: player.address });
    expect(body.name).toMatch(/\w+/);
    expect(body.linkedAccounts).toEqual({ accounts: expect.any(Array), isPending: expect.any(Array) });
  });

  it('marks the deployer as admin', async () => {
    const res = await get(`/api/viking/data?address=${admin.address}`);
    expect(res.json().isAdmin).toBe(true);
  });

  it('404s an unknown wallet and 400s a malformed one, naming the field', async () => {
    expect((await get(`/api/viking/data?address=0x${'ab'.repeat(20)}`)).statusCode).toBe(404);
    const bad = await get('/api/viking/data?address=0x123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('querystring.address');
    const missing = await get('/api/viking/data');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('address');
  });

  it('strips unknown query fields instead of failing', async () => {
    expect((await get(`/api/viking/data?address=${player.address}&debug=1`)).statusCode).toBe(200);
  });
});

describe('viking profile and inventory', () => {
  it('shows name, clan, veras, elo and battle record', async () => {
    const res = await get(`/api/viking/${player.characterId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.characterId).toBe(player.characterId);
    expect(body.account).toBe(player.address);
    expect(body.record).toEqual({
      battles: expect.any(Number),
      wins: expect.any(Number),
      losses: expect.any(Number),
      ties: expect.any(Number),
    });
    expect(body.record.wins + body.record.losses + body.record.ties).toBe(body.record.battles);
    expect(body.veras.total).toBeGreaterThan(0);
    for (const v of body.veras.items) expect(v.owner.address).toBe(player.address);
  });

  it('lists the inventory with balances equal to the index', async () => {
    const res = await get(`/api/viking/${player.characterId}/inventory`);
    expect(res.statusCode).toBe(200);
    const [row] = await world.reader.sql<{ runix: string }[]>`
      SELECT runix FROM inventory WHERE character_id = ${player.characterId}`;
    expect(res.json().runix).toBe(row?.runix ?? '0');
    expect(res.json()).toHaveProperty('bank.locks');
  });

  it("pages a viking's veras newest first, without overlap, to the index's count", async () => {
    const [owned] = await world.reader.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM vera WHERE owner = ${player.address}`;
    const total = owned?.n ?? 0;
    expect(total).toBeGreaterThan(1);
    const seen: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 100; page++) {
      const res = await get(
        `/api/viking/${player.characterId}/veras?limit=2${before ? `&before=${before}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { total: number; items: { id: string }[]; next: string | null };
      expect(body.total).toBe(total);
      seen.push(...body.items.map((v) => v.id));
      before = body.next;
      if (before === null) break;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => Number(b) - Number(a)));
    expect((await get(`/api/viking/${player.characterId}/veras?limit=101`)).statusCode).toBe(400);
    expect((await get('/api/viking/999999/veras')).statusCode).toBe(404);
  });

  it('404s an unknown viking and 400s a malformed id', async () => {
    expect((await get('/api/viking/999999')).statusCode).toBe(404);
    expect((await get('/api/viking/999999/inventory')).statusCode).toBe(404);
    expect((await get('/api/viking/-1')).statusCode).toBe(400);
    expect((await get('/api/viking/abc/inventory')).statusCode).toBe(400);
  });
});

describe('vera', () => {
  it('answers an object whose first entry is the vera with every spec field', async () => {
    const res = await get('/api/vera/1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)[0]).toBe('vera');
    for (const field of [
      'id',
      'species',
      'mainRune',
      'subRune',
      'personality',
      'abilities',
      'strength',
      'dexterity',
      'vitality',
      'intellect',
      'wisdom',
      'charisma',
      'level',
      'owner',
    ]) {
      expect(body.vera).toHaveProperty(field);
    }
    expect(body.vera.owner.name).toEqual(expect.any(String));
    expect(body.mint.method).toMatch(/^(encounter|openLootBox|admin_grantVera|other)$/);
    expect(body.transfers.at(-1).from).toBe('0x0000000000000000000000000000000000000000');
  });

  it('revalidates with an ETag', async () => {
    const first = await get('/api/vera/1');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/api/vera/1', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('404s an unknown vera and 400s a malformed id', async () => {
    expect((await get('/api/vera/987654321')).statusCode).toBe(404);
    expect((await get('/api/vera/1.5')).statusCode).toBe(400);
    expect((await get('/api/vera/123456789012345678901234')).statusCode).toBe(400);
  });
});

describe('leaderboard, clans, shop', () => {
  it('ranks by elo, ties sharing a rank, with capped pagination', async () => {
    const res = await get('/api/leaderboard/1?limit=100');
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(items.length).toBe(Math.min(total, 100));
    for (let i = 1; i < items.length; i++) {
      expect(items[i].elo).toBeLessThanOrEqual(items[i - 1].elo);
      if (items[i].elo === items[i - 1].elo) expect(items[i].rank).toBe(items[i - 1].rank);
      else expect(items[i].rank).toBe(i + 1);
    }
    expect(res.json().limit).toBe(100);
    expect((await get('/api/leaderboard/1')).json().limit).toBe(20);
    expect((await get('/api/leaderboard/1?limit=101')).statusCode).toBe(400);
    expect((await get('/api/leaderboard/1?limit=0')).statusCode).toBe(400);
    expect((await get('/api/leaderboard/0')).statusCode).toBe(400);
    expect((await get('/api/leaderboard/ranked')).statusCode).toBe(400);
  });

  it('finds vikings on the board by part of their name, keeping their board rank', async () => {
    type Row = { characterId: string; name: string; rank: number };
    // the bots' battles fill the boards as the test world runs: take the first named viking on any board
    let board = 1;
    let someone: Row | undefined;
    for (let tries = 0; !someone && tries < 120; tries++) {
      for (board = 1; board <= 3 && !someone; board++) {
        const items = (await get(`/api/leaderboard/${board}?limit=100`)).json().items as Row[];
        someone = items.find((r) => r.name.length >= 3);
      }
      if (!someone) await new Promise((r) => setTimeout(r, 500));
    }
    board -= 1;
    if (!someone) throw new Error('no board has a named viking after 60 s');
    const target = someone;
    const part = target.name.slice(1, 3).toUpperCase();
    const res = await get(`/api/leaderboard/${board}?limit=100&name=${encodeURIComponent(part)}`);
    expect(res.statusCode).toBe(200);
    const found = res.json().items as Row[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.name.toLowerCase().includes(part.toLowerCase()))).toBe(true);
    expect(found.find((r) => r.characterId === target.characterId)?.rank).toBe(target.rank);
    expect(res.json().total).toBe(found.length);
    // LIKE wildcards are literal
    expect((await get('/api/leaderboard/1?name=%25')).json().items).toEqual([]);
    expect((await get(`/api/leaderboard/1?name=${'x'.repeat(33)}`)).statusCode).toBe(400);
  });

  it('lists clans by points and shows one with its members', async () => {
    const list = await get('/api/clans?limit=5');
    expect(list.statusCode).toBe(200);
    const clans = list.json().items;
    expect(clans.length).toBeGreaterThan(0);
    const detail = await get(`/api/clans/${clans[0].id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().clan.id).toBe(clans[0].id);
    expect(detail.json().members.length).toBe(detail.json().clan.memberCount);
    expect((await get('/api/clans/424242')).statusCode).toBe(404);
    expect((await get('/api/clans?status=7')).statusCode).toBe(400);
  });

  it('shows the shop stock', async () => {
    const res = await get('/api/shop');
    expect(res.statusCode).toBe(200);
    expect(res.json().shops[0].items.length).toBeGreaterThan(0);
    expect((await get('/api/shop?shopId=x')).statusCode).toBe(400);
  });
});

describe('activity history', () => {
  it('pages newest first by cursor without overlap, and filters by type', async () => {
    const first = (await get('/api/activity?limit=10')).json();
    const second = (await get(`/api/activity?limit=10&before=${first.next}`)).json();
    const all = [...first.items, ...second.items].map((e: { cursor: string }) => e.cursor);
    expect(new Set(all).size).toBe(20);
    expect([...all].sort().reverse()).toEqual(all);
    const mints = (await get('/api/activity?type=mint&limit=5')).json().items;
    expect(mints.length).toBeGreaterThan(0);
    for (const m of mints) {
      expect(m.type).toBe('mint');
      expect(m.payload).toMatchObject({
        veraId: m.veraId,
        owner: expect.stringMatching(/^0x/),
        ownerName: expect.any(String),
        method: expect.any(String),
        statTotal: expect.any(Number),
      });
    }
  });

  it('names the people in a row: both sides and elo changes of a battle, the admin and recipient of a grant', async () => {
    const battles = (await get('/api/activity?type=battle&limit=100')).json().items;
    const resolved = battles.find(
      (e: { kind: string; names?: { character?: string } }) =>
        e.kind === 'BattleResolved' && ['Jarl Test', 'Freya Test'].includes(e.names?.character ?? ''),
    );
    expect(resolved, 'the test world resolves a ranked battle between named vikings').toBeDefined();
    expect(new Set([resolved.names.character, resolved.names.other])).toEqual(
      new Set(['Jarl Test', 'Freya Test']),
    );
    // elo is zero-sum between the two sides of a ranked battle
    expect(resolved.eloChange).toEqual({ a: expect.any(Number), b: expect.any(Number) });
    expect(resolved.eloChange.a + resolved.eloChange.b).toBe(0);
    const [row] = await world.reader.sql<{ a: number }[]>`
      SELECT (h.elo_after - h.elo_before)::int AS a FROM activity x
      JOIN elo_history h ON h.battle_id = x.subject_id AND h.character_id = x.character_id
      WHERE x.cursor = ${resolved.cursor}`;
    expect(resolved.eloChange.a).toBe(row?.a);

    const grants = (await get('/api/activity?type=grant&limit=100')).json().items;
    const runix = grants.find((e: { payload: { kind?: string } }) => e.payload.kind === 'Runix');
    expect(runix, 'the bots grant runix as admins').toBeDefined();
    const [recipient] = await world.reader.sql<{ name: string }[]>`
      SELECT name FROM character WHERE id = ${runix.characterId}`;
    expect(runix.names.character).toBe(recipient?.name);
    const [granter] = await world.reader.sql<{ name: string }[]>`
      SELECT name FROM account WHERE address = ${runix.account}`;
    // an admin without a viking has no name to show; one with a viking has its name
    if (granter?.name) expect(runix.names.account).toBe(granter.name);
    else expect(runix.names?.account).toBeUndefined();

    const clans = (await get('/api/activity?type=clan&limit=100')).json().items;
    const founded = clans.find((e: { kind: string }) => e.kind === 'ClanFounded');
    expect(founded.names).toMatchObject({ character: expect.any(String), clan: founded.payload.name });
  });

  it('counts events per second before a cursor, all types or some, equal to the index', async () => {
    const [head] = await world.reader.sql<{ cursor: string; timestamp: string }[]>`
      SELECT cursor, timestamp FROM activity ORDER BY cursor DESC LIMIT 1`;
    if (!head) throw new Error('the world has no activity');
    const before = head.cursor;
    const since = Number(head.timestamp) - 3600;
    const truth = async (types: string[] | null) =>
      (
        await world.reader.sql<{ t: string; n: number }[]>`
          SELECT timestamp AS t, count(*)::int AS n FROM activity
          WHERE cursor < ${before} AND timestamp > ${since}
            AND (${types === null} OR type = ANY(${types ?? []}))
          GROUP BY timestamp ORDER BY timestamp`
      ).map((r) => ({ t: Number(r.t), n: r.n }));
    const all = (await get(`/api/activity/seconds?before=${before}&since=${since}`)).json();
    expect(all.from).toBeNull();
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items).toEqual(await truth(null));
    const some = (
      await get(`/api/activity/seconds?before=${before}&since=${since}&type=mint&type=battle`)
    ).json();
    expect(some.items).toEqual(await truth(['mint', 'battle']));
    // a read that reaches its row limit says from which second its counts are whole, and counts only those
    const capped = await app.repos.activity.perSecond({ before, since, maxRows: 40 });
    expect(capped.from).not.toBeNull();
    const from = capped.from as number;
    expect(capped.items).toEqual((await truth(null)).filter((s) => s.t >= from));
    expect(capped.items.reduce((sum, s) => sum + s.n, 0)).toBeLessThan(40);
    for (const url of [
      '/api/activity/seconds?since=1',
      `/api/activity/seconds?before=${before}`,
      `/api/activity/seconds?before=${before}&since=-1`,
      `/api/activity/seconds?before=${before}&since=1e9`,
      `/api/activity/seconds?before=x&since=1`,
      `/api/activity/seconds?before=${before}&since=1&type=nope`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/querystring/);
    }
  });

  it('400s bad cursors, unknown types and an inverted range', async () => {
    expect((await get('/api/activity?before=12')).statusCode).toBe(400);
    expect((await get('/api/activity?type=dance')).statusCode).toBe(400);
    const a = '00000000000000000010-000000';
    const b = '00000000000000000005-000000';
    expect((await get(`/api/activity?after=${a}&before=${b}`)).statusCode).toBe(400);
  });
});

describe('admin routes', () => {
  const routes = [
    '/api/admin/audit',
    '/api/admin/audit.csv',
    '/api/admin/audit?kind=vera',
    '/api/admin/audit/newer?after=1',
    '/api/admin/search?q=a',
  ];

  it('refuses every admin route without a session (401) and to a player (403)', async () => {
    const cookie = await signIn(app, bot);
    for (const url of routes) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, { cookie })).statusCode, url).toBe(403);
    }
  });
});

describe('pages guard (web app off in tests)', () => {
  it('redirects /admin to login without a session, 403s a player, passes an admin to the web handler', async () => {
    const none = await get('/admin/items/grant');
    expect(none.statusCode).toBe(302);
    expect(none.headers.location).toBe('/login?next=%2Fadmin%2Fitems%2Fgrant');
    expect((await get('/admin', { cookie: await signIn(app, bot) })).statusCode).toBe(403);
    // an admin gets through the guard to the (absent) web app
    expect((await get('/admin', { cookie: await signIn(app, admin) })).statusCode).toBe(503);
    expect((await get('/top')).statusCode).toBe(503);
  });
});

describe('graphql for analysts', () => {
  const post = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/graphql', payload: payload as object });

  it('answers queries over the indexed tables through Ponder, POST, GET and batched', async () => {
    const res = await post({
      query:
        '{ veras(limit: 3, orderBy: "id", orderDirection: "asc") { items { id species owner } totalCount } }',
    });
    expect(res.statusCode).toBe(200);
    const veras = res.json().data.veras;
    expect(veras.items).toHaveLength(3);
    expect(veras.totalCount).toBeGreaterThan(3);
    const viaGet = await get(
      `/graphql?query=${encodeURIComponent('{ clans(limit: 1) { items { id name } } }')}`,
    );
    expect(viaGet.json().data.clans.items).toHaveLength(1);
    const batch = await post([
      { query: '{ shopItems(limit: 1) { items { itemId } } }' },
      { query: '{ accounts(limit: 2) { items { address } } }' },
    ]);
    expect(batch.json()).toHaveLength(2);
  });

  it('refuses deep, costly, mutating and malformed operations with 400', async () => {
    const deep = `{ veras(limit: 1) { items ${'{ a '.repeat(9)}${'}'.repeat(9)} } }`;
    expect((await post({ query: deep })).statusCode).toBe(400);
    const costly =
      '{ veras(limit: 1000) { items { id } } accounts(limit: 1000) { items { address } } battles(limit: 1000) { items { id } } characters(limit: 1000) { items { id } } elos(limit: 1000) { items { elo } } activitys(limit: 1000) { items { cursor } } mints(limit: 1000) { items { veraId } } shopItems(limit: 1000) { items { itemId } } clans(limit: 1000) { items { id } } amulets(limit: 1000) { items { id } } lootBoxs(limit: 1000) { items { id } } }';
    const res = await post({ query: costly.replace(/limit: 1000/g, 'limit: 5000') });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toMatch(/rows/);
    expect((await post({ query: 'mutation { x }' })).statusCode).toBe(400);
    expect((await post({ query: '{ veras(' })).statusCode).toBe(400);
    expect((await post({ nope: 1 })).statusCode).toBe(400);
  });
});

describe('image and sign-in routes', () => {
  it('accepts only the allowed widths', async () => {
    expect((await get('/api/image?url=/x.png&w=500')).statusCode).toBe(400);
    expect((await get('/api/image?url=/x.png&w=640&q=101')).statusCode).toBe(400);
    expect((await get('/api/image?url=http://127.0.0.1/x.png&w=640')).statusCode).toBe(403);
  });

  it('refuses a replayed sign-in and a bad signature; serves and ends a session', async () => {
    const body = await signedMessage(app, bot);
    const first = await verify(app, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      address: bot.address.toLowerCase(),
      isAdmin: false,
      characterId: player.characterId,
    });
    const cookie = first.cookies.find((c) => c.name === 'skald_session');
    expect(cookie?.httpOnly).toBe(true);
    expect((await verify(app, body)).statusCode).toBe(401);
    const forged = await signedMessage(app, bot);
    expect((await verify(app, { ...forged, signature: `0x${'12'.repeat(65)}` })).statusCode).toBe(401);
    const wrongDomain = await signedMessage(app, bot, { domain: 'evil.example' });
    expect((await verify(app, wrongDomain)).json().message).toContain('evil.example');
    const session = await get('/api/auth/session', { cookie: `skald_session=${cookie?.value}` });
    expect(session.json().address).toBe(bot.address.toLowerCase());
    expect((await get('/api/auth/session')).statusCode).toBe(401);
    const tampered = `skald_session=${cookie?.value.replace(/^0x./, '0xf')}`;
    expect((await get('/api/auth/session', { cookie: tampered })).statusCode).toBe(401);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(out.cookies.find((c) => c.name === 'skald_session')?.value).toBe('');
  });
});

describe('probes', () => {
  it('reports health, readiness and metrics', async () => {
    expect((await get('/health')).json().status).toBe('ok');
    const ready = await get('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true, database: true, indexer: true });
    const metrics = await get('/metrics');
    expect(metrics.body).toContain('skald_gateway_http_request_seconds');
    expect(metrics.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('security headers', () => {
  it('sends the CSP and helmet headers on API answers, errors and pages, with the rate limit on', async () => {
    for (const url of ['/api/leaderboard/1', '/api/vera/999999', '/api/vera/x', '/some/page']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      expect(res.headers['x-ratelimit-limit'], url).toBe('100000');
    }
  });
});

describe('battles, arena and finding vikings', () => {
  it('answers a resolved battle with both sides, their actions and elo changes', async () => {
    const [row] = await world.reader.sql<{ id: string; character_a: string; character_b: string }[]>`
      SELECT id, character_a, character_b FROM battle WHERE status = 'resolved' ORDER BY id LIMIT 1`;
    if (!row) throw new Error('the world resolved no battle');
    const res = await get(`/api/battles/${row.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sides.map((s: { characterId: string }) => s.characterId)).toEqual([
      row.character_a,
      row.character_b,
    ]);
    const elos = await world.reader.sql<{ character_id: string; elo_before: string; elo_after: string }[]>`
      SELECT character_id, elo_before, elo_after FROM elo_history WHERE battle_id = ${row.id}`;
    for (const side of body.sides) {
      const change = elos.find((e) => e.character_id === side.characterId);
      expect(side.elo).toEqual({ before: Number(change?.elo_before), after: Number(change?.elo_after) });
      expect(side.submitted).toBe(true);
      expect(side.actions).toHaveLength(side.veras.length);
      expect(side.name).toMatch(/\w+/);
    }
    expect([1, 2, 3]).toContain(body.result);
    // the turn's end, by block time; the bots submit, so it ended on actions
    expect(body.deadline).toBe(body.startedAt + 60);
    expect(body.endReason).toBe('actions');
    expect(body.forfeited).toBeNull();
  });

  it('keeps the names the sides had when the battle started, and says what a renamed side is called now', async () => {
    const [row] = await world.reader.sql<
      { id: string; character_a: string; character_b: string; name_a: string; account: `0x${string}` }[]
    >`SELECT b.id, b.character_a, b.character_b, b.name_a, c.account
      FROM battle b JOIN character c ON c.id = b.character_a ORDER BY b.id LIMIT 1`;
    if (!row) throw new Error('the world started no battle');
    const renamed = `Later${row.id}`;
    const rpc = <T>(method: string, params: unknown[]) =>
      anvilRpc<T>(world.chain.anvil.rpcUrl, method, params);
    await rpc('anvil_impersonateAccount', [row.account]);
    const hash = await rpc<string>('eth_sendTransaction', [
      {
        from: row.account,
        to: world.chain.deployment.contracts.Characters,
        data: encodeFunctionData({
          abi: allSkaldAbis as Abi,
          functionName: 'setCharacterName',
          args: [BigInt(row.character_a), renamed],
        }),
        gas: '0x2dc6c0',
      },
    ]);
    let receipt: { status: string } | null = null;
    await until(
      async () => {
        receipt = await rpc<{ status: string } | null>('eth_getTransactionReceipt', [hash]);
        return receipt !== null;
      },
      10_000,
      'receipt',
    );
    expect(receipt).toMatchObject({ status: '0x1' });
    await world.indexed();
    const body = (await get(`/api/battles/${row.id}`)).json();
    expect(row.name_a).not.toBe(renamed);
    expect(body.sides[0]).toMatchObject({ name: row.name_a, nameNow: renamed });
    expect(body.sides[1].nameNow).toBeNull();
    const list = (await get(`/api/viking/${row.character_b}/battles?limit=100`)).json();
    const item = list.items.find((b: { battleId: string }) => b.battleId === row.id);
    expect(item.opponent.name).toBe(row.name_a);
  });

  it('404s an unknown battle and 400s a malformed id', async () => {
    expect((await get('/api/battles/99999999')).statusCode).toBe(404);
    expect((await get('/api/battles/1x')).statusCode).toBe(400);
  });

  it("lists a viking's battles newest first with the opponent's name", async () => {
    const [row] = await world.reader.sql<{ character_a: string; n: string }[]>`
      SELECT character_a, count(*) OVER (PARTITION BY character_a) AS n FROM battle ORDER BY id LIMIT 1`;
    if (!row) throw new Error('the world started no battle');
    const body = (await get(`/api/viking/${row.character_a}/battles?limit=100`)).json();
    expect(body.total).toBeGreaterThan(0);
    const ids = body.items.map((b: { battleId: string }) => BigInt(b.battleId));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
    for (const item of body.items) expect(item.opponent.characterId).not.toBe(row.character_a);
    expect((await get('/api/viking/99999999/battles')).statusCode).toBe(404);
  });

  it('describes the arena: every battle type, and where a character stands', async () => {
    const body = (await get(`/api/arena?characterId=${player.characterId}`)).json();
    expect(body.types.map((t: { battleType: number }) => t.battleType)).toEqual([1, 2, 3]);
    expect(body.me).toMatchObject({
      characterId: player.characterId,
      challenges: { incoming: [], outgoing: [] },
    });
    // the bot may be mid-battle when the world stops: then the arena says when its turn ends
    const active = body.me.activeBattle;
    expect(active?.battleId ?? null).toBe(body.me.activeBattleId);
    if (active) expect(active.deadline).toBeGreaterThan(0);
    expect((await get('/api/arena')).json().me).toBeNull();
    expect((await get('/api/arena?characterId=-1')).statusCode).toBe(400);
  });

  it('finds vikings by the start of their name, any case, treating % and _ literally', async () => {
    const [row] = await world.reader.sql<{ name: string; id: string }[]>`
      SELECT name, id FROM character ORDER BY id LIMIT 1`;
    if (!row) throw new Error('no character');
    const prefix = row.name.slice(0, 3).toUpperCase();
    const found = (await get(`/api/vikings?name=${encodeURIComponent(prefix)}`)).json();
    expect(found.items.some((v: { characterId: string }) => v.characterId === row.id)).toBe(true);
    for (const v of found.items) expect(v.name.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);
    expect((await get('/api/vikings?name=%25')).json().items).toEqual([]);
    expect((await get('/api/vikings?name=_')).json().items).toEqual([]);
    expect((await get('/api/vikings?name=')).statusCode).toBe(400);
    expect((await get(`/api/vikings?name=${'x'.repeat(25)}`)).statusCode).toBe(400);
    expect((await get('/api/vikings?name=a&limit=21')).statusCode).toBe(400);
  });

  it('lists open clan invitations and requests, and 404s an unknown clan', async () => {
    const [clanRow] = await world.reader.sql<{ id: string }[]>`SELECT id FROM clan ORDER BY id LIMIT 1`;
    if (!clanRow) throw new Error('no clan');
    const res = await get(`/api/clans/${clanRow.id}/asks`);
    expect(res.statusCode).toBe(200);
    const open = await world.reader.sql<{ n: string }[]>`
      SELECT count(*) AS n FROM clan_invite WHERE clan_id = ${clanRow.id} AND status IN ('pending', 'requested')`;
    expect(res.json().items).toHaveLength(Number(open[0]?.n ?? 0));
    expect((await get('/api/clans/99999999/asks')).statusCode).toBe(404);
    expect((await get(`/api/viking/${player.characterId}/clan-asks`)).statusCode).toBe(200);
  });
});

/**
 * Lossless failover over `npm run start:cluster` as a user runs it (Postgres primary + streaming replica, Redis,
 * two gateways behind HAProxy, the bots playing): CLIENTS live clients connect through the balancer and
 * subscribe from one cursor, while a poller reads REST through it. Then, one after the other:
 *
 *  - a gateway is killed with -9: its clients reconnect through the balancer to the other one and resume from
 *    their last confirmed cursor;
 *  - Redis is killed with -9 (the supervisor restarts it, empty);
 *  - the replica is killed with -9: reads fall back to the primary until it is back;
 *  - the indexer is redeployed (`npm run redeploy` after a code change): the new version indexes beside the old
 *    one and the views flip to it.
 *
 * After each, every client must hold exactly the database's cursors over the same range (read on the primary):
 * none lost, none sent twice by a server; and no REST or GraphQL answer may be 5xx, except for requests in flight
 * on the killed gateway within RETRY_WINDOW_MS of the kill (the window the root README states). GraphQL is read
 * from the replica (a `ponder serve` reader) and from the primary while the replica is down.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectClient,
  everyClientMatchesTheDatabase,
  type LiveTestClient,
  startPoller,
} from '../../test/live-clients.ts';
import { type LaunchedStack, launchStack, redeploy } from '../../test/stack.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** on the shared 2-core machine (load average 10-25 from other work) 300 left a lone gateway without CPU */
const CLIENTS = 100;
/** requests in flight on a gateway killed with -9 fail (502 from the balancer) within this of the kill */
const RETRY_WINDOW_MS = 3000;
const scratch = mkdtempSync(join(tmpdir(), 'skald-cluster-'));
chmodSync(scratch, 0o755); // as root, Postgres runs as its own user and must reach its data folder

let stack: LaunchedStack;
let primary: postgres.Sql;
let start: string;

const clients: LiveTestClient[] = [];
let poller: ReturnType<typeof startPoller>;

async function until(what: string, timeoutMs: number, check: () => boolean | Promise<boolean>) {
  await stack.until(what, timeoutMs, async () => ((await check()) ? true : undefined));
}

const everyClientMatches = () => everyClientMatchesTheDatabase(clients, primary, start, until);
const serverErrors = (from: number, to = Date.now()) => poller.serverErrors(from, to);

/** the pid of the part's newest process, from the line the cluster prints when it starts one */
function pidOf(part: string): number {
  const line = stack.lines.filter((l) => l.includes(`skald     ${part} at `)).at(-1) ?? '';
  return Number(line.match(/\(pid (\d+)\)/)?.[1]);
}

async function backAfter(part: string, restartsBefore: number) {
  await until(`${part} restarted`, 120_000, () => {
    const backs = stack.lines.filter((l) => l.includes(`${part} is back`)).length;
    return backs > restartsBefore;
  });
}
const GRAPHQL = `/graphql?query=${encodeURIComponent('{ veras(limit: 1) { items { id } } }')}`;

/** a GraphQL query through the balancer: its status and where the gateway read it (x-skald-read-from) */
async function graphqlFrom(): Promise<{ status: number; from: string | null }> {
  const r = await fetch(`${stack.origin}${GRAPHQL}`);
  const body = (await r.json()) as { errors?: unknown; data?: { veras?: { items: unknown[] } } };
  expect(body.errors).toBeUndefined();
  return { status: r.status, from: r.headers.get('x-skald-read-from') };
}

const restarts = (part: string) => stack.lines.filter((l) => l.includes(`${part} is back`)).length;

beforeAll(async () => {
  stack = await launchStack({
    root,
    args: ['--cluster'],
    env: {
      CLUSTER_DATA: join(scratch, 'data'),
      // every test client comes from 127.0.0.1
      LIVE_MAX_CONNECTIONS_PER_IP: String(CLIENTS * 2),
      RATE_LIMIT_MAX: '1000000',
    },
  });
  await stack.waitForLine(/Skald is at/, 600_000);
  primary = postgres(`postgres://postgres@127.0.0.1:${stack.ports.postgres}/skald`, {
    max: 2,
    onnotice: () => {},
    connection: { search_path: 'skald' },
  });
  await until('the first events', 120_000, async () => {
    const [row] = await primary<
      { cursor: string }[]
    >`select cursor from activity order by cursor desc limit 1`;
    if (row) start = row.cursor;
    return row !== undefined;
  });
  // both gateways in the balancer's rotation first, so the clients spread over them
  const gateways = stack.lines
    .map((l) => l.match(/gateway-\d+ at (http:\/\/[\d.:]+)/)?.[1])
    .filter((url): url is string => url !== undefined);
  expect(gateways.length).toBe(2);
  await until('both gateways ready', 180_000, async () => {
    const codes = await Promise.all(
      gateways.map((url) =>
        fetch(`${url}/ready`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    return codes.every((code) => code === 200);
  });
  await new Promise((r) => setTimeout(r, 3000)); // the balancer's checks see them up (rise 2, 1 s apart)
  for (let i = 0; i < CLIENTS; i += 20) {
    clients.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, CLIENTS - i) }, () => connectClient(stack.origin, start)),
      )),
    );
    await new Promise((r) => setTimeout(r, 500));
  }
  poller = startPoller(stack.origin, ['/api/activity?limit=5', '/api/clans', GRAPHQL]);
}, 900_000);

afterAll(async () => {
  poller?.stop();
  for (const c of clients) c.live.close();
  await primary?.end({ timeout: 5 });
  await stack?.interrupt();
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm run start:cluster', () => {
  it('serves reads from the replica and shows its lag on /status', async () => {
    const status = (await (await fetch(`${stack.origin}/status`)).json()) as {
      replica?: { reads: string; lagMs: number | null; maxLagMs: number };
    };
    expect(status.replica?.reads).toBe('replica');
    expect(status.replica?.lagMs).not.toBeNull();
    await until(
      'the balancer answers /sql',
      60_000,
      async () => (await fetch(`${stack.origin}/sql/db?sql=select%201`)).ok,
    );
    const sql = await fetch(
      `${stack.origin}/sql/db?sql=${encodeURIComponent('select pg_is_in_recovery() as r')}`,
    );
    expect(((await sql.json()) as { rows: { r: boolean }[] }).rows[0]?.r).toBe(true);
    expect(await graphqlFrom()).toEqual({ status: 200, from: 'replica' });
    await everyClientMatches();
  });

  it('loses and repeats nothing when a gateway is killed with -9', async () => {
    const before = restarts('gateway-1');
    const pid = pidOf('gateway-1');
    expect(pid).toBeGreaterThan(0);
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    await backAfter('gateway-1', before);
    const n = await everyClientMatches();
    const moved = clients.filter((c) => c.disconnects > 0).length;
    console.log(`gateway kill: ${moved}/${CLIENTS} clients reconnected, ${n} events each, 0 lost, 0 twice`);
    expect(moved).toBeGreaterThan(0);
    expect(clients.every((c) => c.live.socket.connected)).toBe(true);
    expect(serverErrors(0, killedAt)).toEqual([]);
    expect(serverErrors(killedAt + RETRY_WINDOW_MS)).toEqual([]);
  });

  it('loses and repeats nothing when Redis restarts', async () => {
    const [pid] = stack.find(/redis-server/);
    expect(pid).toBeGreaterThan(0);
    const before = restarts('redis');
    const from = Date.now();
    process.kill(pid as number, 'SIGKILL');
    await backAfter('redis', before);
    await everyClientMatches();
    expect(serverErrors(from)).toEqual([]);
  });

  it('reads fall back to the primary while the replica restarts, without a failed request', async () => {
    const [pid] = stack.find(/postgres -D .*replica/);
    expect(pid).toBeGreaterThan(0);
    const before = restarts('replica');
    const from = Date.now();
    const seen = new Set<string>();
    const graphqlSeen = new Set<string>();
    const watch = setInterval(() => {
      void fetch(`${stack.origin}/status`).then(
        async (r) => seen.add(((await r.json()) as { replica?: { reads: string } }).replica?.reads ?? '?'),
        () => {},
      );
      void graphqlFrom().then(
        (a) => graphqlSeen.add(`${a.status} ${a.from}`),
        () => {},
      );
    }, 200);
    process.kill(pid as number, 'SIGKILL');
    await backAfter('replica', before);
    const backAt = Date.now();
    await until('reads back on the replica', 60_000, async () => {
      const status = (await (await fetch(`${stack.origin}/status`)).json()) as {
        replica?: { reads: string };
      };
      return status.replica?.reads === 'replica';
    });
    await until('GraphQL back on the replica', 60_000, async () => (await graphqlFrom()).from === 'replica');
    clearInterval(watch);
    expect(seen.has('primary')).toBe(true);
    // GraphQL went to the indexer on the primary while the replica was away, never failing
    expect(graphqlSeen.has('200 primary'), [...graphqlSeen].join(', ')).toBe(true);
    expect(
      [...graphqlSeen].every((a) => a.startsWith('200 ')),
      [...graphqlSeen].join(', '),
    ).toBe(true);
    await everyClientMatches();
    // the poller asked while the replica was down, and went on asking after it was back
    expect(poller.answers.filter((a) => a.at >= from && a.at < backAt).length).toBeGreaterThan(0);
    await until(
      '20 REST answers since the kill',
      30_000,
      () => poller.answers.filter((a) => a.at >= from).length > 20,
    );
    expect(serverErrors(from)).toEqual([]);
  });

  it('loses and repeats nothing across an indexer redeploy, without a failed request', async () => {
    const from = Date.now();
    const readersBefore = stack.find(/ponder\.js serve/);
    expect(readersBefore).toHaveLength(1);
    const result = await redeploy(root, stack.ports.gateway, { changeCode: true });
    console.log(`indexer flip: ${result.output.trim().split('\n').at(-1)}`);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/done: skald_[0-9a-f]{12} serves after/);
    expect(stack.find(/ponder\.js start/)).toHaveLength(1);
    // the GraphQL reader was replaced by one built from the new code
    const readersAfter = stack.find(/ponder\.js serve/);
    expect(readersAfter).toHaveLength(1);
    expect(readersAfter).not.toEqual(readersBefore);
    expect(await graphqlFrom()).toEqual({ status: 200, from: 'replica' });
    await everyClientMatches();
    expect(serverErrors(from)).toEqual([]);
    const graphql = await fetch(`${stack.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ veras(limit: 1) { items { id } } }' }),
    });
    expect(graphql.status).toBe(200);
    expect(((await graphql.json()) as { errors?: unknown }).errors).toBeUndefined();
  });
});

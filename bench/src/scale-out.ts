/**
 * bench:scale-out: `npm run start:cluster` (2 gateways behind HAProxy, Postgres primary + streaming replica,
 * Redis, bots on) with BENCH_CLIENTS live clients (2000) connected through the balancer, then the same run with
 * one gateway as the baseline. Per run it prints clients, events/s, delivered %, spread p50/p99 (first to last
 * client receiving one event), the replica's lag p99 (from /status), and for each fault (gateway kill -9, Redis
 * kill -9, replica kill -9, the indexer flip of `npm run redeploy`) the failed REST requests and the lost and
 * duplicated events against the primary's rows over the same cursor range.
 *
 *   npm run bench:scale-out -w @skald/bench        BENCH_CLIENTS=2000 BENCH_SECONDS=60
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createDb } from '@skald/db';
import { type ActivityFrame, connectLive, type RetractEvent } from '@skald/wire';
import { type LaunchedStack, launchStack, redeploy } from '../../scripts/test/stack.ts';
import { fmt, percentile, report } from './stats.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The REST poller (a worker thread): /api/activity every 250 ms, each answer 5xx or none within 10 s (599) is
 * reported with when it was sent and what it said; and the replica's lag from /status.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let polling = true;
parentPort.on('message', () => { polling = false; });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  while (polling) {
    const at = Date.now();
    try {
      const r = await fetch(workerData.origin + '/api/activity?limit=5', { signal: AbortSignal.timeout(10000) });
      if (r.status >= 500) {
        const text = await r.text().catch(() => '');
        const said = text.replace(/<[^>]*>/g, ' ').replace(/\\s+/g, ' ').trim().slice(0, 90);
        parentPort.postMessage({ kind: 'failed', at, status: r.status, said });
      } else await r.body?.cancel();
    } catch (e) {
      const said = e.name + ' after ' + ((Date.now() - at) / 1000).toFixed(1) + ' s';
      parentPort.postMessage({ kind: 'failed', at, status: 599, said });
    }
    try {
      const r = await fetch(workerData.origin + '/status', { signal: AbortSignal.timeout(10000) });
      const lag = (await r.json()).replica?.lagMs;
      if (typeof lag === 'number') parentPort.postMessage({ kind: 'lag', ms: lag });
    } catch {}
    await sleep(250);
  }
  parentPort.postMessage({ kind: 'done' });
})();
`;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Client = {
  live: ReturnType<typeof connectLive>;
  delivered: string[];
  twice: number;
};

async function run(gateways: number) {
  const stack: LaunchedStack = await launchStack({
    root,
    args: ['--cluster'],
    env: {
      GATEWAYS: String(gateways),
      CLUSTER_DATA: join(root, '.data', 'bench-scale-out'),
      LIVE_MAX_CONNECTIONS_PER_IP: String(CLIENTS * 2),
      RATE_LIMIT_MAX: '1000000',
    },
  });
  await stack.waitForLine(/Skald is at/, 900_000);
  const db = createDb({
    databaseUrl: `postgres://postgres@127.0.0.1:${stack.ports.postgres}/skald`,
    viewsSchema: 'skald',
    max: 2,
  });
  const primary = db.sql;
  const head = async () =>
    (await primary<{ cursor: string }[]>`select cursor from activity order by cursor desc limit 1`)[0]
      ?.cursor ?? '';
  const start = await stack.until('the first events', 300_000, async () => (await head()) || undefined);
  const firstSeen = new Map<string, number>();
  const lastSeen = new Map<string, number>();
  const clients: Client[] = [];
  const connect = () =>
    new Promise<Client>((resolve, reject) => {
      const live = connectLive(stack.origin, {
        forceNew: true,
        reconnectionDelay: 200,
        reconnectionDelayMax: 2000,
      });
      const client: Client = { live, delivered: [], twice: 0 };
      const held = new Set<string>();
      live.socket.on('frame', (frame: ActivityFrame) => {
        const at = Date.now();
        for (const e of frame.events) {
          if (e.provisional) continue;
          if (held.has(e.cursor)) client.twice += 1;
          held.add(e.cursor);
          if (!firstSeen.has(e.cursor)) firstSeen.set(e.cursor, at);
          lastSeen.set(e.cursor, at);
        }
      });
      live.socket.on('retract', (r: RetractEvent) => {
        for (const c of r.cursors) held.delete(c);
      });
      live.socket.once('connect', () => {
        void live
          .subscribe(
            { topics: ['all'], after: start },
            { onEvent: (e) => void (e.provisional || client.delivered.push(e.cursor)) },
          )
          .then(() => resolve(client), reject);
      });
      setTimeout(() => reject(new Error('no live connection within 120 s')), 120_000).unref();
    });
  for (let i = 0; i < CLIENTS; i += 50) {
    clients.push(...(await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, connect))));
    await sleep(200);
  }

  /** each failed request: when it was sent, its status, and who answered (HAProxy's page or the gateway's error) */
  const failed: { at: number; status: number; said: string }[] = [];
  const lags: number[] = [];
  // the requests are sent from a thread of their own: the 2,000 clients of this process (reconnecting all at
  // once after a fault) must not delay reading the answers and turn a gateway's answer into a timeout here
  const poller = new Worker(POLLER, { eval: true, workerData: { origin: stack.origin } });
  const pollerDone = new Promise<void>((resolve) => {
    poller.on(
      'message',
      (
        m:
          | { kind: 'failed'; at: number; status: number; said: string }
          | { kind: 'lag'; ms: number }
          | { kind: 'done' },
      ) => {
        if (m.kind === 'failed') failed.push(m);
        else if (m.kind === 'lag') lags.push(m.ms);
        else resolve();
      },
    );
    poller.on('error', () => resolve());
  });

  /** lost and duplicated over (start, head now], once every client has reached it */
  const audit = async () => {
    const target = await head();
    await stack
      .until('every client at the head', 180_000, async () =>
        clients.every((c) => (c.delivered.at(-1) ?? '') >= target) ? true : undefined,
      )
      .catch(() => {});
    const truth = (
      await primary<
        { cursor: string }[]
      >`select cursor from activity where cursor > ${start} and cursor <= ${target}`
    ).map((r) => r.cursor);
    let lost = 0;
    let got = 0;
    for (const c of clients) {
      const have = new Set(c.delivered.filter((x) => x <= target));
      got += have.size;
      lost += truth.filter((x) => !have.has(x)).length;
    }
    const twice = clients.reduce((n, c) => n + c.twice, 0);
    return { lost, twice, delivered: got / Math.max(1, truth.length * clients.length) };
  };

  const steadyFrom = await head();
  const t0 = Date.now();
  await sleep(SECONDS * 1000);
  const steadyTo = await head();
  const [count] = await primary<{ n: number }[]>`
    select count(*)::int as n from activity where cursor > ${steadyFrom} and cursor <= ${steadyTo}`;
  const n = count?.n ?? 0;
  const steady = await audit();
  const spreads = [...firstSeen].map(([c, first]) => (lastSeen.get(c) ?? first) - first);
  const rows: Record<string, string | number> = {
    clients: CLIENTS,
    gateways,
    'events/s': fmt(n / ((Date.now() - t0) / 1000)),
    'delivered %': fmt(steady.delivered * 100, 2),
    'spread p50 / p99 (ms)': `${fmt(percentile(spreads, 50), 0)} / ${fmt(percentile(spreads, 99), 0)}`,
    'lost / twice (steady)': `${steady.lost} / ${steady.twice}`,
  };

  /**
   * the failed requests since `from`, each with its status (599: no answer within 10 s, or none at all) and when
   * it was sent after the fault began, to hold against the README's retry window
   */
  const failedSince = (from: number) => {
    const since = failed.filter((f) => f.at >= from);
    return since.length === 0
      ? '0'
      : `${since.length} (${since.map((f) => `${f.status} at +${fmt((f.at - from) / 1000, 1)} s: "${f.said}"`).join(', ')})`;
  };
  const fault = async (name: string, pid: number | undefined, part: string) => {
    if (!pid) {
      rows[name] = 'no process found';
      return;
    }
    const before = stack.lines.filter((l) => l.includes(`${part} is back`)).length;
    const from = Date.now();
    const twiceBefore = clients.reduce((s, c) => s + c.twice, 0);
    process.kill(pid, 'SIGKILL');
    await stack.until(`${part} back`, 180_000, async () =>
      stack.lines.filter((l) => l.includes(`${part} is back`)).length > before ? true : undefined,
    );
    const after = await audit();
    rows[`${name}: failed requests, lost, twice`] =
      `${failedSince(from)}, ${after.lost}, ${after.twice - twiceBefore}`;
  };
  const pidOf = (part: string) =>
    Number(
      stack.lines
        .filter((l) => l.includes(`skald     ${part} at `))
        .at(-1)
        ?.match(/\(pid (\d+)\)/)?.[1],
    ) || undefined;
  if (gateways > 1) await fault('gateway kill -9', pidOf('gateway-1'), 'gateway-1');
  await fault('redis kill -9', stack.find(/redis-server/)[0], 'redis');
  await fault('replica kill -9', stack.find(/postgres -D .*replica/)[0], 'replica');
  {
    // `npm run redeploy` after a code change: the new indexer beside the old one, then the views flip
    const from = Date.now();
    const twiceBefore = clients.reduce((sum, c) => sum + c.twice, 0);
    const result = await redeploy(root, stack.ports.gateway, { changeCode: true });
    const after = await audit();
    rows['indexer flip: failed requests, lost, twice'] =
      result.code === 0
        ? `${failedSince(from)}, ${after.lost}, ${after.twice - twiceBefore}`
        : `redeploy failed: ${result.output.trim().split('\n').at(-1)}`;
    rows['indexer flip: redeploy until the new version serves (s)'] = fmt(result.seconds, 1);
  }
  rows['replica lag p99 (ms)'] = fmt(percentile(lags, 99), 0);

  poller.postMessage('stop');
  await pollerDone;
  await poller.terminate();
  for (const c of clients) c.live.close();
  await db.close();
  await stack.interrupt();
  return rows;
}

const cluster = await run(2);
report(`scale-out: ${CLIENTS} clients, 2 gateways behind HAProxy`, cluster);
const single = await run(1);
report(`baseline: ${CLIENTS} clients, 1 gateway behind HAProxy`, single);
const load = (await import('node:os')).loadavg();
console.log(`load average during the runs: ${load.map((l) => l.toFixed(1)).join(' ')}`);

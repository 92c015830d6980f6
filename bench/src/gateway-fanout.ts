/**
 * Live-stream fan-out: BENCH_CLIENTS (5,000) socket.io clients subscribed to every event while admin grants
 * produce BENCH_RATE (50) activity events per second for BENCH_SECONDS (20), on one gateway process and then on
 * two sharing the stream through Redis (clients split between them).
 *
 * The clients live in BENCH_WORKERS (4) forked processes (gateway-fanout-clients.ts), not in this one, so this
 * process only paces the producers and the measurement is not of a saturated benchmark. The producers are
 * BENCH_PRODUCERS (5) anvil accounts made admins, each sending its grants in turn (one grant = two events),
 * mined every BENCH_BLOCK_MS (250, opBNB's block time: 4 blocks a second) rather than one block per
 * transaction. After the last event is indexed, the run waits for the clients to drain (every receipt in, or
 * nothing new for 3 s) before reading them out, so what is printed as missing was lost, not still queued.
 * Printed: delivery p50/p99 as fan-out spread (each client's receipt after the first receipt of that event
 * anywhere: the gateway's own share) and end to end (transaction sent -> received: mining + indexing + fan-out),
 * with the gateway's CPU use and the client workers' event-loop use, so a saturated machine shows as such.
 *   npm run bench:gateway-fanout -w @skald/bench
 */
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from '@skald/harness';
import type { ActivityEvent, ActivityFrame } from '@skald/wire';
import type { FromBaseline, ToBaseline } from './gateway-fanout-baseline.ts';
import type { FromWorker, ToWorker } from './gateway-fanout-clients.ts';
import { gatewayProcess, grantProducers, indexedWorld, type Proc, waitForIndexed } from './gateway-setup.ts';
import { fmt, now, report } from './stats.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const PRODUCERS = Number(process.env.BENCH_PRODUCERS ?? 5);
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 250);
const REDIS_URL = process.env.SKALD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const here = dirname(fileURLToPath(import.meta.url));

const world = await indexedWorld(20);
const producers = await grantProducers(world, PRODUCERS);

/** user + system CPU seconds of a process so far */
const cpuSeconds = (pid: number | undefined) => (pid === undefined ? Number.NaN : processCpuMs(pid) / 1000);

function startWorker() {
  const child = fork(join(here, 'gateway-fanout-clients.ts'), [], { execArgv: ['--import', 'tsx'] });
  const next = <T extends FromWorker['type']>(type: T) =>
    new Promise<Extract<FromWorker, { type: T }>>((resolve, reject) => {
      const onMessage = (m: FromWorker) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m as Extract<FromWorker, { type: T }>);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`client worker exited (${code})`)));
    });
  return { child, next, send: (m: ToWorker) => child.send(m) };
}

function percentile(hist: Map<number, number>, p: number): number {
  const total = [...hist.values()].reduce((a, b) => a + b, 0);
  let seen = 0;
  for (const [b, n] of [...hist].sort((x, y) => x[0] - y[0])) {
    seen += n;
    if (seen >= (p / 100) * total) return b / 10;
  }
  return Number.NaN;
}

/**
 * Waits until the clients have drained: every expected receipt arrived, or no worker received anything for
 * 3 s (what is still missing then is lost, not queued), at most 120 s. Returns the wait in ms.
 */
async function drained(workers: ReturnType<typeof startWorker>[], expected: number): Promise<number> {
  const t0 = now();
  let last = -1;
  let still = 0;
  while (now() - t0 < 120_000) {
    const counts = await Promise.all(
      workers.map((w) => {
        const reply = w.next('count');
        w.send({ type: 'count' });
        return reply;
      }),
    );
    const total = counts.reduce((a, c) => a + c.receipts, 0);
    if (total >= expected) break;
    still = total === last ? still + 1 : 0;
    if (still >= 6) break;
    last = total;
    await new Promise((r) => setTimeout(r, 500));
  }
  return now() - t0;
}

/** The events of the run, as the gateway serves them, grouped per block: the baseline replays these frames. */
async function framesSince(gatewayUrl: string, after: string | null): Promise<ActivityFrame[]> {
  const events: ActivityEvent[] = [];
  let cursor = after;
  for (;;) {
    const query = new URLSearchParams({ limit: '100' });
    if (cursor) query.set('after', cursor);
    const page = (await (await fetch(`${gatewayUrl}/api/activity?${query}`)).json()) as {
      items: ActivityEvent[];
    };
    events.push(...page.items);
    if (page.items.length < 100) break;
    cursor = page.items.at(-1)?.cursor ?? cursor;
  }
  const byBlock = new Map<string, ActivityEvent[]>();
  for (const e of events) byBlock.set(e.blockNumber, [...(byBlock.get(e.blockNumber) ?? []), e]);
  return [...byBlock.values()].map((list) => ({ key: 'all||||', events: list }));
}

async function headCursor(): Promise<string | null> {
  const [row] = await world.reader.sql<{ cursor: string }[]>`SELECT max(cursor) AS cursor FROM activity`;
  return row?.cursor ?? null;
}

/** The bare `ws` baseline: the same clients and workers, the gateway run's frames at the same block cadence. */
async function measureBaseline(frames: ActivityFrame[]) {
  const server = fork(join(here, 'gateway-fanout-baseline.ts'), [], { execArgv: ['--import', 'tsx'] });
  const url = await new Promise<string>((resolve) =>
    server.on('message', (m: FromBaseline) => m.type === 'listening' && resolve(m.url)),
  );
  const workers = Array.from({ length: WORKERS }, startWorker);
  const t0 = now();
  const connected = workers.map((w) => w.next('connected'));
  workers.forEach((w, i) => {
    const count = Math.floor(CLIENTS / WORKERS) + (i < CLIENTS % WORKERS ? 1 : 0);
    w.send({ type: 'connect', urls: [url], count, offset: i, bare: true });
  });
  await Promise.all(connected);
  const connectMs = now() - t0;
  const cpuBefore = cpuSeconds(server.pid);
  const started = now();
  for (const [i, frame] of frames.entries()) {
    await new Promise((r) => setTimeout(r, Math.max(0, started + i * BLOCK_MS - now())));
    server.send({ type: 'frame', frame } satisfies ToBaseline);
  }
  const total = frames.reduce((n, f) => n + f.events.length, 0);
  const drainMs = await drained(workers, total * CLIENTS);
  const cpu = (cpuSeconds(server.pid) - cpuBefore) / ((now() - started) / 1000);
  await collect(
    `bare ws baseline (same ${frames.length} frames)`,
    workers,
    connectMs,
    new Map(),
    [cpu],
    drainMs,
    total,
  );
  server.send({ type: 'close' } satisfies ToBaseline);
}

async function measure(label: string, gateways: Proc[]) {
  const workers = Array.from({ length: WORKERS }, startWorker);
  const t0 = now();
  const connected = workers.map((w) => w.next('connected'));
  workers.forEach((w, i) => {
    const count = Math.floor(CLIENTS / WORKERS) + (i < CLIENTS % WORKERS ? 1 : 0);
    w.send({ type: 'connect', urls: gateways.map((g) => g.url), count, offset: i });
  });
  await Promise.all(connected);
  const connectMs = now() - t0;

  const cpuBefore = gateways.map((g) => cpuSeconds(g.child.pid));
  const { sentAt, started } = await producers.run({
    rate: RATE,
    seconds: SECONDS,
    blockMs: BLOCK_MS,
  });
  // everything sent is indexed, then the clients drain (two events per grant, each at every client)
  await waitForIndexed(world.reader, world.chain);
  const drainMs = await drained(workers, sentAt.size * 2 * CLIENTS);
  const busySeconds = (now() - started) / 1000;
  const cpu = gateways.map((g, i) => (cpuSeconds(g.child.pid) - (cpuBefore[i] as number)) / busySeconds);
  await collect(label, workers, connectMs, sentAt, cpu, drainMs);
}

async function collect(
  label: string,
  workers: ReturnType<typeof startWorker>[],
  connectMs: number,
  sentAt: Map<string, number>,
  cpu: number[],
  drainMs: number,
  expectedEvents?: number,
) {
  const firstReplies = await Promise.all(
    workers.map((w) => {
      const reply = w.next('firsts');
      w.send({ type: 'firsts' });
      return reply;
    }),
  );
  const refs: Record<string, [number, number | null]> = {};
  for (const { firsts } of firstReplies)
    for (const [cursor, first, tx] of firsts) {
      const known = refs[cursor];
      if (!known || first < known[0]) refs[cursor] = [first, sentAt.get(tx) ?? null];
    }
  const hists = await Promise.all(
    workers.map((w) => {
      const reply = w.next('hist');
      w.send({ type: 'refs', refs });
      return reply;
    }),
  );
  const spread = new Map<number, number>();
  const e2e = new Map<number, number>();
  for (const h of hists) {
    for (const [b, n] of h.spread) spread.set(b, (spread.get(b) ?? 0) + n);
    for (const [b, n] of h.e2e) e2e.set(b, (e2e.get(b) ?? 0) + n);
  }
  const events = Object.keys(refs).length;
  // every event of the run reached at least one client (refs); expected = each event at every client
  const expected = Math.max(events, expectedEvents ?? events) * CLIENTS;
  const deliveries = hists.reduce((a, h) => a + h.deliveries, 0);
  for (const w of workers) w.send({ type: 'close' });
  await Promise.all(
    workers.map((w) => new Promise((r) => (w.child.exitCode !== null ? r(null) : w.child.once('exit', r)))),
  );

  report(`live fan-out: ${label}`, {
    clients: `${CLIENTS} in ${WORKERS} worker processes`,
    'connect + subscribe all (s)': connectMs / 1000,
    'transactions sent': sentAt.size || 'replayed',
    'events produced': events,
    'events/s': events / SECONDS,
    'delivered / expected': `${deliveries} / ${expected} (${fmt((100 * deliveries) / expected, 1)}%)`,
    duplicates: hists.reduce((a, h) => a + h.duplicates, 0),
    'fan-out spread p50 ms': percentile(spread, 50),
    'fan-out spread p99 ms (target <= 100)': percentile(spread, 99),
    'end-to-end p50 ms (tx sent -> received)': percentile(e2e, 50),
    'end-to-end p99 ms': percentile(e2e, 99),
    'waited for clients to drain (s)': drainMs / 1000,
    'server CPU cores (send -> drained)': cpu.map((c) => fmt(c, 2)).join(' + '),
    'client workers event-loop use': firstReplies.map((r) => `${Math.round(r.elu * 100)}%`).join(' '),
  });
}

let running: Proc[] = [];
try {
  running = [await gatewayProcess(world)];
  const before = await headCursor();
  await measure('one process', running);
  const frames = await framesSince((running[0] as Proc).url, before);
  await running[0]?.stop();
  await measureBaseline(frames);
  running = [await gatewayProcess(world, { REDIS_URL }), await gatewayProcess(world, { REDIS_URL })];
  await measure('two processes + Redis', running);
} finally {
  await Promise.all(running.map((p) => p.stop()));
  await world.stop();
}

/**
 * Backfill, and how it scales with history. For each size in BENCH_EVENTS (comma-separated, default 100,000;
 * `100000,300000,1000000` draws the curve): one chain holding at least the largest number of game events
 * (BENCH_TXS_PER_BLOCK moves per block, cached in bench/.cache), each size being its history up to the block where
 * it held that many, then (1) the same logs and the blocks holding them fetched raw with viem as fast as possible, the physical limit here (three times; the median counts), and (2) Ponder indexing them from scratch
 * into a fresh database. Prints, per size, events/s for both and their ratio, the indexer's peak resident memory,
 * the database's size per event and where the CPU went; then the curve, with the goals: events/s at the largest
 * size within 10 % of the smallest, peak RSS at most 1 GB. BENCH_REINDEX=1 also re-indexes each size from the
 * sync cache its cold run filled (bench:reindex's measurement, without a second cold run).
 */
import { availableParallelism, loadavg } from 'node:os';
import { createTestDatabase, metricsReport, sumBy } from '@skald/harness';
import { benchChain, type PonderRun, type RawFetch, rawFetch, runPonder, sizesFrom } from './backfill-run.ts';
import { fmt, report } from './stats.ts';

const sizes = sizesFrom(process.env.BENCH_EVENTS, '100000');
const txsPerBlock = Number(process.env.BENCH_TXS_PER_BLOCK ?? 50);
const RSS_GOAL_MB = 1024;

type Point = { size: number; raw: RawFetch; rawEventsPerSecond: number; run: PonderRun };
const curve: Point[] = [];
const reindexRows: string[] = [];

const chain = await benchChain(sizes, txsPerBlock);
for (const size of sizes) {
  const head = chain.heads.get(size) as bigint;
  const raw = await rawFetch(chain, head);
  const database = await createTestDatabase('skald_bench');
  // each size is the chain's history up to the block where it held that many events
  const range = { endBlock: head };
  const run = await runPonder(chain, database, head, range);
  // BENCH_REINDEX=1: then a new deployment schema replays the same history from the sync cache the cold run
  // filled (what a changed handler costs; bench:reindex does only this, and runs its own cold backfill first)
  const reindex = process.env.BENCH_REINDEX
    ? await runPonder(chain, database, head, {
        ...range,
        schema: 'bench_reindex',
        viewsSchema: 'skald_reindex',
      })
    : undefined;
  await database.drop();
  if (reindex) {
    const requests = sumBy(new Map(), reindex.metrics, 'ponder_rpc_request_duration_count', 'method');
    reindexRows.push(
      `${fmt(reindex.indexed).padEnd(11)} ${fmt(reindex.indexed / reindex.backfillSeconds, 0).padStart(13)} ${fmt(run.indexed / run.backfillSeconds, 0).padStart(13)} ${fmt(reindex.peakRssMb, 0).padStart(12)} ${fmt(reindex.cores.main, 2).padStart(12)} ${fmt(reindex.loadBefore, 2).padStart(12)}  ${[...requests].map(([m, n]) => `${m} ${fmt(n, 0)}`).join(', ') || 'none'}`,
    );
  }
  const { events, blocks } = raw.runs[0] as RawFetch;
  const rawEventsPerSecond = events / raw.median.seconds;
  curve.push({ size, raw: raw.median, rawEventsPerSecond, run });
  report(`backfill: ${fmt(size)} events`, {
    ...metricsReport(new Map(), run.metrics),
    'indexer cpu, start to caught up (s)': run.cpuSeconds,
    'backfill: indexer main thread (cores)': fmt(run.cores.main, 2),
    'backfill: indexer process (cores)': fmt(run.cores.ponder, 2),
    'backfill: anvil (cores)': fmt(run.cores.anvil, 2),
    [`backfill: machine busy (% of ${availableParallelism()} cores)`]: fmt(100 * run.cores.machineBusy, 0),
    'load average (1 min) before / after': `${fmt(run.loadBefore, 2)} / ${fmt(run.loadAfter, 2)}`,
    'game events (chain logs)': events,
    'activity rows indexed': run.indexed,
    blocks: Number(raw.head) - chain.deployment.startBlock + 1,
    'blocks holding events': blocks,
    'raw viem fetch, three runs (s)': raw.runs.map((r) => fmt(r.seconds, 2)).join(' / '),
    'raw viem fetch, median (s)': raw.median.seconds,
    'raw fetch: client process (cores)': fmt(raw.clientCores, 2),
    'raw fetch: anvil (cores)': fmt(raw.anvilCores, 2),
    'raw events/s': rawEventsPerSecond,
    'ponder backfill (s)': run.backfillSeconds,
    'ponder events/s (backfill)': run.indexed / run.backfillSeconds,
    'ponder start to caught up (s)': run.totalSeconds,
    'ponder events/s (incl. startup)': run.indexed / run.totalSeconds,
    'indexer peak RSS (MB)': run.peakRssMb,
    'database size (MB)': run.bytes.database / 2 ** 20,
    'database bytes per event': run.bytes.database / events,
    '  sync cache (ponder_sync) per event': run.bytes.sync / events,
    '  indexed tables per event': run.bytes.schema / events,
    'ratio to raw (incl. startup)': fmt(run.indexed / run.totalSeconds / rawEventsPerSecond, 2),
    'ratio to raw (backfill)': fmt(run.indexed / run.backfillSeconds / rawEventsPerSecond, 2),
  });
}

await chain.stop();

if (reindexRows.length > 0) {
  console.log(
    `\n== re-index from the sync cache (load average now ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}; goal >= 20,000 events/s) ==`,
  );
  console.log(
    'events      re-index ev/s  backfill ev/s  peak RSS MB  main thread  load before  RPC requests',
  );
  for (const row of reindexRows) console.log(row);
}

if (curve.length > 1) {
  const first = curve[0] as Point;
  const last = curve[curve.length - 1] as Point;
  const rate = (p: Point) => p.run.indexed / p.run.backfillSeconds;
  console.log(
    `\n== backfill scale curve (load average now ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}) ==`,
  );
  console.log('events      ponder ev/s  raw ev/s  ratio  peak RSS MB  DB bytes/event  load before');
  for (const p of curve)
    console.log(
      [
        fmt(p.run.indexed).padEnd(11),
        fmt(rate(p), 0).padStart(11),
        fmt(p.rawEventsPerSecond, 0).padStart(9),
        fmt(rate(p) / p.rawEventsPerSecond, 2).padStart(6),
        fmt(p.run.peakRssMb, 0).padStart(12),
        fmt(p.run.bytes.database / p.run.indexed, 0).padStart(15),
        fmt(p.run.loadBefore, 2).padStart(12),
      ].join(' '),
    );
  const change = rate(last) / rate(first) - 1;
  const peak = Math.max(...curve.map((p) => p.run.peakRssMb));
  console.log(
    `throughput at ${fmt(last.size)} vs ${fmt(first.size)}: ${change >= 0 ? '+' : ''}${fmt(100 * change, 1)} % (goal: no more than 10 % lower): ${change >= -0.1 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `indexer peak RSS, largest: ${fmt(peak, 0)} MB (goal: at most ${RSS_GOAL_MB} MB): ${peak <= RSS_GOAL_MB ? 'met' : 'NOT met'}`,
  );
}

/**
 * Re-index from the sync cache: what a redeploy with a changed handler costs. For each size in BENCH_EVENTS
 * (comma-separated, default 100,000; the chains of bench:backfill, cached in bench/.cache): Ponder backfills the
 * chain into a fresh database (filling `ponder_sync`), stops, and starts again as a new deployment (a new schema,
 * as a changed handler gets) beside the same sync cache; that second run is measured. It reads the events back
 * from `ponder_sync` instead of the chain: the bench prints the RPC requests it made (no eth_getLogs and no
 * block fetches of the cached range), its events/s against the cold backfill's, its CPU split and peak RSS.
 * Goal: at least 20,000 events/s.
 */
import { loadavg } from 'node:os';
import { createTestDatabase, metricsReport, sumBy } from '@skald/harness';
import { benchChain, runPonder, sizesFrom } from './backfill-run.ts';
import { fmt, report } from './stats.ts';

const sizes = sizesFrom(process.env.BENCH_EVENTS, '100000');
const txsPerBlock = Number(process.env.BENCH_TXS_PER_BLOCK ?? 50);
const GOAL = 20_000;

const rows: string[] = [];
const chain = await benchChain(sizes, txsPerBlock);
for (const size of sizes) {
  const head = chain.heads.get(size) as bigint;
  // each size is the chain's history up to the block where it held that many events
  const endBlock = { endBlock: head };
  const database = await createTestDatabase('skald_bench');
  const cold = await runPonder(chain, database, head, {
    schema: 'bench_cold',
    viewsSchema: 'skald',
    ...endBlock,
  });
  const warm = await runPonder(chain, database, head, {
    schema: 'bench_reindex',
    viewsSchema: 'skald_reindex',
    ...endBlock,
  });
  await database.drop();
  const rpc = sumBy(new Map(), warm.metrics, 'ponder_rpc_request_duration_count', 'method');
  const rpcCold = sumBy(new Map(), cold.metrics, 'ponder_rpc_request_duration_count', 'method');
  const requests = (m: Map<string, number>) =>
    [...m].map(([method, n]) => `${method} ${fmt(n, 0)}`).join(', ') || 'none';
  const rate = warm.indexed / warm.backfillSeconds;
  const coldRate = cold.indexed / cold.backfillSeconds;
  report(`re-index from the sync cache: ${fmt(size)} events`, {
    ...metricsReport(new Map(), warm.metrics),
    'load average (1 min) before / after': `${fmt(warm.loadBefore, 2)} / ${fmt(warm.loadAfter, 2)}`,
    'activity rows indexed': warm.indexed,
    'RPC requests, cold backfill': requests(rpcCold),
    'RPC requests, re-index': requests(rpc),
    'cold backfill (s)': cold.backfillSeconds,
    'cold backfill events/s': coldRate,
    're-index (s)': warm.backfillSeconds,
    're-index start to caught up (s)': warm.totalSeconds,
    're-index: indexer main thread (cores)': fmt(warm.cores.main, 2),
    're-index: indexer process (cores)': fmt(warm.cores.ponder, 2),
    're-index: machine busy (% of cores)': fmt(100 * warm.cores.machineBusy, 0),
    're-index indexer peak RSS (MB)': warm.peakRssMb,
    're-index events/s': rate,
    're-index vs cold backfill': `${fmt(rate / coldRate, 2)}×`,
  });
  rows.push(
    `${fmt(warm.indexed).padEnd(11)} ${fmt(rate, 0).padStart(12)} ${fmt(coldRate, 0).padStart(12)} ${fmt(warm.peakRssMb, 0).padStart(12)} ${fmt(warm.loadBefore, 2).padStart(12)}  ${rate >= GOAL ? 'met' : 'NOT met'}`,
  );
}
await chain.stop();
console.log(
  `\n== re-index from the sync cache (load average now ${loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')}) ==`,
);
console.log(`events      re-index ev/s  backfill ev/s  peak RSS MB  load before  goal >= ${fmt(GOAL)} ev/s`);
for (const row of rows) console.log(row);

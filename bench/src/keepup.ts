/**
 * Keep-up: anvil makes a block every BENCH_BLOCK_MS (default 250 ms, opBNB's block time; 125 is twice its rate)
 * while generate.ts sends about
 * BENCH_EVENTS_PER_BLOCK (default 50) game events into each block; every 50 ms the chain head and the indexed block
 * are sampled. Lag in blocks = head - indexed; lag in ms = when the indexer published a block minus when that
 * block first appeared at the head. BENCH_SECONDS sets the measured duration (default 180). The indexer's CPU time
 * (from /proc) and its /metrics are read at the start and the end of the measured window; the lag is also
 * reported for the first and the last minute, so a lag that grows over the run shows.
 */

import { loadavg } from 'node:os';
import {
  createTestDatabase,
  indexedBlock,
  machineCpuMs,
  metricsReport,
  openReader,
  processCpuMs,
  scrapeMetrics,
  startChain,
  startTestIndexer,
  waitForIndexed,
} from '@skald/harness';
import { createPublicClient, http } from 'viem';
import { createGenerator, streamLoad } from './generate.ts';
import { now, percentile, report } from './stats.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 180);
const perBlock = Number(process.env.BENCH_EVENTS_PER_BLOCK ?? 50);
const blockMs = Number(process.env.BENCH_BLOCK_MS ?? 250);
if (!Number.isInteger(blockMs) || blockMs < 50)
  throw new Error(`BENCH_BLOCK_MS: whole ms, at least 50 (got ${blockMs})`);
const chain = await startChain({
  blockTime: blockMs / 1000,
  extraArgs: ['--gas-limit', '2000000000', '--prune-history', '64'],
});
const client = createPublicClient({ transport: http(chain.anvil.rpcUrl), cacheTime: 0 });
const gen = await createGenerator(chain.anvil.rpcUrl, chain.deployment);
await gen.setup();
const database = await createTestDatabase('skald_bench');
const indexer = await startTestIndexer(chain, database);
await indexer.ready();
const reader = openReader(database);
await waitForIndexed(reader, chain, { nudge: false });

const stop = new AbortController();
const first = await client.getBlockNumber();
const eventsBefore = gen.stats.events;
const load = streamLoad(gen, perBlock, stop.signal);
const headSeen = new Map<bigint, number>();
const lagBlocks: number[] = [];
const lagMs: number[] = [];
const window = Math.min(60, seconds / 2) * 1000;
const lagFirst: number[] = [];
const lagLast: number[] = [];
let published = await indexedBlock(reader);
const pid = indexer.process.pid as number;
const metricsBefore = await scrapeMetrics(indexer.url);
const cpuBefore = processCpuMs(pid);
const anvilPid = chain.anvil.process.pid as number;
const anvilBefore = processCpuMs(anvilPid);
const selfBefore = process.cpuUsage();
const machineBefore = machineCpuMs();
const indexedBefore = published;
const begin = now();
const end = begin + seconds * 1000;
while (now() < end) {
  const [head, indexed] = await Promise.all([client.getBlockNumber(), indexedBlock(reader)]);
  const t = now();
  for (let b = head; b > 0n && !headSeen.has(b); b--) headSeen.set(b, t);
  const lag = Number(head - indexed);
  lagBlocks.push(lag);
  if (t - begin < window) lagFirst.push(lag);
  if (end - t <= window) lagLast.push(lag);
  for (let b = published + 1n; b <= indexed; b++) {
    const seen = headSeen.get(b);
    if (seen !== undefined && b > first) lagMs.push(t - seen);
  }
  if (indexed > published) published = indexed;
  await new Promise((r) => setTimeout(r, 50));
}
const cpuMs = processCpuMs(pid) - cpuBefore;
// where the machine's two cores went: the load (anvil executing the moves, this process generating them and
// sampling) runs beside the indexer on the same cores
const anvilMs = processCpuMs(anvilPid) - anvilBefore;
const self = process.cpuUsage(selfBefore);
const selfMs = (self.user + self.system) / 1000;
const machineAfter = machineCpuMs();
const machineBusyMs = machineAfter.busy - machineBefore.busy;
const machineShare = machineBusyMs / (machineAfter.total - machineBefore.total);
// per block indexed in the window (equal to the blocks made when the indexer keeps up)
const windowBlocks = Number((await indexedBlock(reader)) - indexedBefore);
const metrics = metricsReport(metricsBefore, await scrapeMetrics(indexer.url));
stop.abort();
await load;
await gen.catchUp();
const last = await client.getBlockNumber();
const events = gen.stats.events - eventsBefore;
const minute = `${Math.round(window / 1000)} s`;
report(
  `keep-up: ${blockMs} ms blocks for ${seconds} s (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
  {
    ...metrics,
    'indexer cpu (s)': cpuMs / 1000,
    blocks: Number(last - first),
    'game events per block (mean)': events / Number(last - first),
    'game events per second': events / seconds,
    'lag p50 (blocks)': percentile(lagBlocks, 50),
    'lag p50 (ms)': percentile(lagMs, 50),
    'lag p99 (ms)': percentile(lagMs, 99),
    'lag p99 (blocks)': percentile(lagBlocks, 99),
    [`lag p99 first ${minute} (blocks)`]: percentile(lagFirst, 99),
    [`lag p99 last ${minute} (blocks)`]: percentile(lagLast, 99),
    [`lag max first ${minute} (blocks)`]: Math.max(...lagFirst),
    [`lag max last ${minute} (blocks)`]: Math.max(...lagLast),
    'indexer cpu per block (ms)': cpuMs / windowBlocks,
    'machine busy (% of all cores)': `${(machineShare * 100).toFixed(0)} % (${(machineBusyMs / 1000).toFixed(1)} s of CPU)`,
    'cpu split (s): indexer, anvil, load generator + sampler, the rest (Postgres, other)': [
      cpuMs,
      anvilMs,
      selfMs,
      machineBusyMs - cpuMs - anvilMs - selfMs,
    ]
      .map((v) => (v / 1000).toFixed(1))
      .join(', '),
  },
);
const p99 = percentile(lagBlocks, 99);
const firstP99 = percentile(lagFirst, 99);
const lastP99 = percentile(lagLast, 99);
console.log(`lag p99 ${p99} block(s) (goal: at most 1): ${p99 <= 1 ? 'met' : 'NOT met'}`);
console.log(
  `last ${minute} p99 ${lastP99} against first ${firstP99} (goal: no worse): ${lastP99 <= firstP99 ? 'met' : 'NOT met'}`,
);
console.log(
  `indexer cpu per block ${(cpuMs / windowBlocks).toFixed(1)} ms of a ${blockMs} ms block (${((100 * cpuMs) / windowBlocks / blockMs).toFixed(0)} % of one core)`,
);
await reader.close();
await indexer.stop();
await chain.stop();
await database.drop();

/**
 * Keep-up: anvil makes a block every 250 ms (opBNB's block time) while the simulator plays; every 50 ms the chain
 * head and the indexed block are sampled. Lag in blocks = head - indexed; lag in ms = when the indexer published
 * a block minus when that block first appeared at the head. BENCH_SECONDS sets the duration (default 180).
 */

import {
  chainLogs,
  createTestDatabase,
  indexedBlock,
  openReader,
  playWorld,
  startChain,
  startTestIndexer,
  waitForIndexed,
} from '@skald/indexer/testing';
import { createPublicClient, http } from 'viem';
import { now, percentile, report } from './stats.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 180);
const chain = await startChain({ blockTime: 0.25 });
const client = createPublicClient({ transport: http(chain.anvil.rpcUrl), cacheTime: 0 });
await playWorld(chain, 40, { seed: 9 });
const database = await createTestDatabase('skald_bench');
const indexer = await startTestIndexer(chain, database);
await indexer.ready();
const reader = openReader(database);
await waitForIndexed(reader, chain, { nudge: false });

const stop = new AbortController();
const first = await client.getBlockNumber();
const world = playWorld(chain, Number.MAX_SAFE_INTEGER, {
  seed: 10,
  bots: 60,
  concurrency: 60,
  signal: stop.signal,
}).catch(() => undefined);
const headSeen = new Map<bigint, number>();
const lagBlocks: number[] = [];
const lagMs: number[] = [];
let published = await indexedBlock(reader);
const end = now() + seconds * 1000;
while (now() < end) {
  const [head, indexed] = await Promise.all([client.getBlockNumber(), indexedBlock(reader)]);
  const t = now();
  for (let b = head; b > 0n && !headSeen.has(b); b--) headSeen.set(b, t);
  lagBlocks.push(Number(head - indexed));
  for (let b = published + 1n; b <= indexed; b++) {
    const seen = headSeen.get(b);
    if (seen !== undefined && b > first) lagMs.push(t - seen);
  }
  if (indexed > published) published = indexed;
  await new Promise((r) => setTimeout(r, 50));
}
stop.abort();
await world;
const last = await client.getBlockNumber();
const events = (await chainLogs(chain, last)).filter((l) => l.blockNumber > first).length;
report(`keep-up: 250 ms blocks for ${seconds} s`, {
  blocks: Number(last - first),
  'game events per block (mean)': events / Number(last - first),
  'lag p50 (blocks)': percentile(lagBlocks, 50),
  'lag p99 (blocks)': percentile(lagBlocks, 99),
  'lag p50 (ms)': percentile(lagMs, 50),
  'lag p99 (ms)': percentile(lagMs, 99),
});
await reader.close();
await indexer.stop();
await chain.stop();
await database.drop();

/**
 * Backfill: the simulator writes BENCH_EVENTS game events (default 100,000), then (1) the same logs and their
 * blocks are fetched raw with viem as fast as possible, the physical limit here, and (2) Ponder indexes them
 * from scratch into a fresh database. Prints events/s for both and the ratio.
 */
import {
  chainLogs,
  createTestDatabase,
  openReader,
  playWorld,
  startChain,
  startTestIndexer,
  waitForIndexed,
} from '@skald/indexer/testing';
import { createPublicClient, http } from 'viem';
import { fmt, now, report } from './stats.ts';

const target = Number(process.env.BENCH_EVENTS ?? 100_000);
const chain = await startChain({ blockTime: Number(process.env.BENCH_BLOCK_TIME ?? 0.25) });
const client = createPublicClient({ transport: http(chain.anvil.rpcUrl) });

// 1. a world with enough events
let events = 0;
let seed = 100;
const genStart = now();
while (events < target) {
  await playWorld(chain, 3_000, { seed: seed++, bots: 60, concurrency: 60 });
  events = (await chainLogs(chain, await client.getBlockNumber())).length;
  console.log(`generated ${fmt(events)} events so far (${fmt((now() - genStart) / 1000)} s)`);
}
const head = await client.getBlockNumber();

// 2. raw fetch: eth_getLogs in 10k-block ranges and every block that holds a log, 32 requests in flight
const rawStart = now();
const from = BigInt(chain.deployment.startBlock);
const ranges: [bigint, bigint][] = [];
for (let b = from; b <= head; b += 10_000n) ranges.push([b, b + 9_999n > head ? head : b + 9_999n]);
const address = Object.values(chain.deployment.contracts);
const logs = (
  await Promise.all(ranges.map(([f, t]) => client.getLogs({ address, fromBlock: f, toBlock: t })))
).flat();
const blocks = [...new Set(logs.map((l) => l.blockNumber))];
for (let i = 0; i < blocks.length; i += 32)
  await Promise.all(
    blocks
      .slice(i, i + 32)
      .map((n) => client.getBlock({ blockNumber: n as bigint, includeTransactions: true })),
  );
const rawSeconds = (now() - rawStart) / 1000;

// 3. Ponder from scratch
const database = await createTestDatabase('skald_bench');
let backfillStart = 0;
let backfillEnd = 0;
const startedAt = now();
const indexer = await startTestIndexer(chain, database, {
  log: (line) => {
    if (line.includes('Started backfill indexing')) backfillStart = now();
    if (line.includes('Completed backfill indexing')) backfillEnd = now();
  },
});
await indexer.ready(3_600_000);
const reader = openReader(database);
await waitForIndexed(reader, chain, { block: head, timeoutMs: 600_000 });
const totalSeconds = (now() - startedAt) / 1000;
const [row] = await reader.sql<{ n: string }[]>`SELECT count(*) AS n FROM activity`;
const indexed = Number(row?.n);
const backfillSeconds = (backfillEnd - backfillStart) / 1000;

report('backfill', {
  'game events (chain logs)': events,
  'activity rows indexed': indexed,
  blocks: Number(head) - chain.deployment.startBlock + 1,
  'raw viem fetch (s)': rawSeconds,
  'raw events/s': events / rawSeconds,
  'ponder backfill (s)': backfillSeconds,
  'ponder events/s (backfill)': indexed / backfillSeconds,
  'ponder start to caught up (s)': totalSeconds,
  'ponder events/s (incl. startup)': indexed / totalSeconds,
  'ratio to raw (backfill)': `${fmt(indexed / backfillSeconds / (events / rawSeconds), 2)}`,
});

await reader.close();
await indexer.stop();
await chain.stop();
await database.drop();

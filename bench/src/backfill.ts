/**
 * Backfill: a chain holding BENCH_EVENTS game events (default 100,000; made by generate.ts, BENCH_TXS_PER_BLOCK
 * moves per block, and cached in bench/.cache with anvil's state dump so a rerun starts at once), then
 * (1) the same logs and the blocks holding them (with their transactions, as Ponder fetches them) fetched raw
 * with viem as fast as possible, the physical limit here (three times; the median counts), and (2) Ponder indexing
 * them from scratch into a fresh database. Prints events/s for both and the ratio.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type Deployment, startAnvil } from '@skald/chain';
import {
  createTestDatabase,
  machineCpuMs,
  metricsReport,
  openReader,
  processCpuMs,
  scrapeMetrics,
  startChain,
  startTestIndexer,
  type TestChain,
  threadCpuMs,
  waitForIndexed,
} from '@skald/harness';
import { createPublicClient, http, type Log } from 'viem';
import { generateChain } from './generate.ts';
import { fmt, now, report } from './stats.ts';

const target = Number(process.env.BENCH_EVENTS ?? 100_000);
const txsPerBlock = Number(process.env.BENCH_TXS_PER_BLOCK ?? 50);
const cacheDir = new URL('../.cache/', import.meta.url).pathname;
const cacheFile = join(cacheDir, `backfill-${target}-${txsPerBlock}.json`);
const anvilArgs = ['--gas-limit', '2000000000'];

async function cachedChain(): Promise<TestChain | undefined> {
  if (process.env.BENCH_REGENERATE || !existsSync(cacheFile)) return undefined;
  const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { deployment: Deployment; state: string };
  const anvil = await startAnvil({ extraArgs: [...anvilArgs, '--load-state', cached.state] });
  const deployment = { ...cached.deployment, rpcUrl: anvil.rpcUrl };
  const deploymentPath = join(mkdtempSync(join(tmpdir(), 'skald-deploy-')), 'deployment.json');
  writeFileSync(deploymentPath, JSON.stringify(deployment, null, 2));
  console.log(`chain loaded from ${cacheFile} (BENCH_REGENERATE=1 makes a new one)`);
  return { anvil, deployment, deploymentPath, stop: () => anvil.stop() };
}

async function generatedChain(): Promise<TestChain> {
  const chain = await startChain({ extraArgs: anvilArgs });
  const start = now();
  const stats = await generateChain(chain.anvil.rpcUrl, chain.deployment, {
    events: target,
    txsPerBlock,
    log: console.log,
  });
  console.log(
    `generated ${fmt(stats.events)} events, ${fmt(stats.txs)} txs (${stats.noEventTxs} without events) in ${stats.blocks} blocks: ${fmt((now() - start) / 1000)} s`,
  );
  const dump = (await (
    await fetch(chain.anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
    })
  ).json()) as { result: string };
  mkdirSync(cacheDir, { recursive: true });
  const state = cacheFile.replace(/\.json$/, '.state.json');
  writeFileSync(state, gunzipSync(Buffer.from(dump.result.slice(2), 'hex')));
  writeFileSync(cacheFile, JSON.stringify({ deployment: chain.deployment, state }));
  return chain;
}

const chain = (await cachedChain()) ?? (await generatedChain());
const client = createPublicClient({ transport: http(chain.anvil.rpcUrl) });
const head = await client.getBlockNumber();

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await (tasks[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}

// 1. raw: eth_getLogs in 20-block ranges (viem caps a response at 10 MB) and every block holding a log, with its
// transactions; 16 requests in flight. Three times: a single fetch of a few seconds scatters by ±30 % on a shared
// machine, so the ratio uses the median.
const from = BigInt(chain.deployment.startBlock);
const address = Object.values(chain.deployment.contracts);
async function rawFetch() {
  const rawStart = now();
  const ranges: (() => Promise<Log[]>)[] = [];
  for (let b = from; b <= head; b += 20n) {
    const to = b + 19n > head ? head : b + 19n;
    ranges.push(() => client.getLogs({ address, fromBlock: b, toBlock: to }));
  }
  const logs = (await pool(ranges, 16)).flat();
  const blockNumbers = [...new Set(logs.map((l) => l.blockNumber as bigint))];
  await pool(
    blockNumbers.map((n) => () => client.getBlock({ blockNumber: n, includeTransactions: true })),
    16,
  );
  return { seconds: (now() - rawStart) / 1000, events: logs.length, blocks: blockNumbers.length };
}
const anvilPid = chain.anvil.process.pid as number;
const rawCpuBefore = { client: process.cpuUsage(), anvil: processCpuMs(anvilPid) };
const rawRuns = [await rawFetch(), await rawFetch(), await rawFetch()];
const rawAllSeconds = rawRuns.reduce((sum, r) => sum + r.seconds, 0);
const rawClientUsage = process.cpuUsage(rawCpuBefore.client);
const rawClientCores = (rawClientUsage.user + rawClientUsage.system) / 1e6 / rawAllSeconds;
const rawAnvilCores = (processCpuMs(anvilPid) - rawCpuBefore.anvil) / 1000 / rawAllSeconds;
const rawSeconds = [...rawRuns].sort((a, b) => a.seconds - b.seconds)[1]?.seconds as number;
const { events, blocks: blocksHoldingEvents } = rawRuns[0] as Awaited<ReturnType<typeof rawFetch>>;

// 2. Ponder from scratch
const database = await createTestDatabase('skald_bench');
let backfillStart = 0;
let backfillEnd = 0;
// where the CPU went between the two log lines: the indexer's main thread and whole process, anvil, the machine
type CpuSample = { main: number; ponder: number; anvil: number; machine: ReturnType<typeof machineCpuMs> };
let cpuAtStart: CpuSample | undefined;
let cpuAtEnd: CpuSample | undefined;
let ponderPid = 0;
const cpuSample = (): CpuSample => ({
  main: threadCpuMs(ponderPid),
  ponder: processCpuMs(ponderPid),
  anvil: processCpuMs(anvilPid),
  machine: machineCpuMs(),
});
const startedAt = now();
const indexer = await startTestIndexer(chain, database, {
  log: (line) => {
    if (line.includes('Started backfill indexing')) {
      backfillStart = now();
      cpuAtStart = cpuSample();
    }
    if (line.includes('Completed backfill indexing')) {
      backfillEnd = now();
      cpuAtEnd = cpuSample();
    }
    if (process.env.SKALD_TEST_LOG) console.log(line);
  },
});
ponderPid = indexer.process.pid as number;
await indexer.ready(3_600_000);
const reader = openReader(database);
await waitForIndexed(reader, chain, { block: head, timeoutMs: 600_000 });
const totalSeconds = (now() - startedAt) / 1000;
const cpuMs = processCpuMs(indexer.process.pid as number);
const metrics = metricsReport(new Map(), await scrapeMetrics(indexer.url));
const [row] = await reader.sql<{ n: string }[]>`SELECT count(*) AS n FROM activity`;
const indexed = Number(row?.n);
const backfillSeconds = (backfillEnd - backfillStart) / 1000;
const cpu = (pick: (s: CpuSample) => number) =>
  cpuAtStart && cpuAtEnd ? (pick(cpuAtEnd) - pick(cpuAtStart)) / 1000 / backfillSeconds : Number.NaN;
const machineBusy =
  cpuAtStart && cpuAtEnd
    ? (cpuAtEnd.machine.busy - cpuAtStart.machine.busy) / (cpuAtEnd.machine.total - cpuAtStart.machine.total)
    : Number.NaN;

report('backfill', {
  ...metrics,
  'indexer cpu, start to caught up (s)': cpuMs / 1000,
  'backfill: indexer main thread (cores)': fmt(
    cpu((s) => s.main),
    2,
  ),
  'backfill: indexer process (cores)': fmt(
    cpu((s) => s.ponder),
    2,
  ),
  'backfill: anvil (cores)': fmt(
    cpu((s) => s.anvil),
    2,
  ),
  [`backfill: machine busy (% of ${availableParallelism()} cores)`]: fmt(100 * machineBusy, 0),
  'game events (chain logs)': events,
  'activity rows indexed': indexed,
  blocks: Number(head) - chain.deployment.startBlock + 1,
  'blocks holding events': blocksHoldingEvents,
  'raw viem fetch, three runs (s)': rawRuns.map((r) => fmt(r.seconds, 2)).join(' / '),
  'raw viem fetch, median (s)': rawSeconds,
  'raw fetch: client process (cores)': fmt(rawClientCores, 2),
  'raw fetch: anvil (cores)': fmt(rawAnvilCores, 2),
  'raw events/s': events / rawSeconds,
  'ponder backfill (s)': backfillSeconds,
  'ponder events/s (backfill)': indexed / backfillSeconds,
  'ponder start to caught up (s)': totalSeconds,
  'ponder events/s (incl. startup)': indexed / totalSeconds,
  'ratio to raw (incl. startup)': `${fmt(indexed / totalSeconds / (events / rawSeconds), 2)}`,
  'ratio to raw (backfill)': `${fmt(indexed / backfillSeconds / (events / rawSeconds), 2)}`,
});

await reader.close();
await indexer.stop();
await chain.stop();
await database.drop();

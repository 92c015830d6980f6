/**
 * What the backfill and re-index benches share: a chain of a given number of game events (made by generate.ts and
 * cached in bench/.cache with anvil's state dump, so a rerun starts at once), the raw fetch of its logs and blocks
 * (the physical limit here), and one Ponder run over it with the figures that run leaves: time, CPU per part,
 * the indexer's peak resident memory, the database's size and what Ponder's /metrics counted.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Deployment, startAnvil } from '@skald/chain';
import {
  machineCpuMs,
  openReader,
  peakRssMb,
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
import { fmt, now } from './stats.ts';

const cacheDir = new URL('../.cache/', import.meta.url).pathname;
// Without --prune-history anvil keeps every block's state in memory: ~42 KB per game event here, 3 GB at 70,000
// events, so a million would not fit. Ponder only reads blocks, transactions and logs, which pruning keeps.
const anvilArgs = ['--gas-limit', '2000000000', '--prune-history', '64'];

/** Event counts from a comma-separated list (`100000,300000,1000000`), in the order given. */
export function sizesFrom(value: string | undefined, fallback: string): number[] {
  const sizes = (value ?? fallback).split(',').map((s) => Number(s.trim().replaceAll('_', '')));
  const bad = sizes.find((n) => !Number.isInteger(n) || n < 1_000);
  if (bad !== undefined)
    throw new Error(`BENCH_EVENTS: whole numbers of at least 1,000, comma-separated (got ${bad})`);
  return sizes;
}

type Cached = { deployment: Deployment; state: string };

/** The chain cached in `cacheFile` (a deployment and anvil's state file), if there is one. */
async function cachedChain(cacheFile: string): Promise<TestChain | undefined> {
  if (!existsSync(cacheFile)) return undefined;
  const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as Cached;
  const started = now();
  const anvil = await startAnvil({
    extraArgs: [...anvilArgs, '--load-state', cached.state],
    startTimeoutMs: 1_800_000,
  });
  const deployment = { ...cached.deployment, rpcUrl: anvil.rpcUrl };
  const deploymentPath = join(mkdtempSync(join(tmpdir(), 'skald-deploy-')), 'deployment.json');
  writeFileSync(deploymentPath, JSON.stringify(deployment, null, 2));
  console.log(
    `chain loaded from ${cacheFile} in ${fmt((now() - started) / 1000)} s (BENCH_REGENERATE=1 makes a new one)`,
  );
  return { anvil, deployment, deploymentPath, stop: () => anvil.stop() };
}

/** A bench chain and, for each size asked, the block by which it holds that many game events. */
export type BenchChain = TestChain & { heads: Map<number, bigint> };

/**
 * For each size, the first block by which the chain holds that many game events (its logs counted from the
 * deployment's start block, 20 blocks per eth_getLogs, 16 in flight); the head for a size the chain does not
 * reach (an error names it).
 */
async function eventHeads(chain: TestChain, sizes: number[]): Promise<Map<number, bigint>> {
  const client = createPublicClient({ transport: http(chain.anvil.rpcUrl) });
  const head = await client.getBlockNumber();
  const address = Object.values(chain.deployment.contracts);
  const ranges: (() => Promise<bigint[]>)[] = [];
  for (let b = BigInt(chain.deployment.startBlock); b <= head; b += 20n) {
    const to = b + 19n > head ? head : b + 19n;
    ranges.push(async () =>
      (await client.getLogs({ address, fromBlock: b, toBlock: to })).map((l) => l.blockNumber as bigint),
    );
  }
  const blocks = (await pool(ranges, 16)).flat();
  const heads = new Map<number, bigint>();
  for (const size of sizes) {
    const block = blocks[size - 1];
    if (block === undefined)
      throw new Error(`the cached chain holds ${fmt(blocks.length)} game events, fewer than ${fmt(size)}`);
    heads.set(size, block);
  }
  return heads;
}

/**
 * One chain for every size in `sizes`: it holds at least the largest number of game events, and a size is its
 * history up to the block where it held that many (indexed with SKALD_END_BLOCK). Loaded from bench/.cache, or
 * generated and cached there.
 */
export async function benchChain(sizes: number[], txsPerBlock: number): Promise<BenchChain> {
  const target = Math.max(...sizes);
  const cacheFile = join(cacheDir, `backfill-${target}-${txsPerBlock}.json`);
  const withHeads = async (chain: TestChain): Promise<BenchChain> => {
    const started = now();
    const heads = await eventHeads(chain, sizes);
    console.log(
      `events counted in ${fmt((now() - started) / 1000)} s: ${[...heads].map(([size, block]) => `${fmt(size)} by block ${block}`).join(', ')}`,
    );
    return { ...chain, heads };
  };
  const existing = process.env.BENCH_REGENERATE ? undefined : await cachedChain(cacheFile);
  if (existing) return withHeads(existing);
  // anvil writes its state (accounts, blocks, transactions, receipts) to the file itself when it stops: a dump
  // through anvil_dumpState comes back as one JSON string, which for 300,000 events outgrows V8's longest string
  mkdirSync(cacheDir, { recursive: true });
  const state = cacheFile.replace(/\.json$/, '.state.json');
  // --dump-state alone also dumps every 60 s: a whole-state JSON (3.4 KB per event) written again and again
  // slowed generation to a crawl past 300,000 events; once, at the end, is enough
  const chain = await startChain({
    extraArgs: [...anvilArgs, '--dump-state', state, '--state-interval', String(365 * 24 * 3600)],
  });
  const start = now();
  const stats = await generateChain(chain.anvil.rpcUrl, chain.deployment, {
    events: target,
    txsPerBlock,
    log: console.log,
  });
  console.log(
    `generated ${fmt(stats.events)} events, ${fmt(stats.txs)} txs (${stats.noEventTxs} without events) in ${stats.blocks} blocks: ${fmt((now() - start) / 1000)} s`,
  );
  await chain.stop();
  if (!existsSync(state)) throw new Error(`anvil stopped without writing its state to ${state}`);
  const { deployment } = chain;
  writeFileSync(cacheFile, JSON.stringify({ deployment, state }));
  const cached = await cachedChain(cacheFile);
  if (!cached) throw new Error(`${cacheFile} was just written but could not be loaded`);
  return withHeads(cached);
}

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

export type RawFetch = { seconds: number; events: number; blocks: number };

/**
 * The raw fetch: eth_getLogs in 20-block ranges (viem caps a response at 10 MB) and every block holding a log, with
 * its transactions; 16 requests in flight. Three times: a single fetch of a few seconds scatters by ±30 % on a
 * shared machine, so the median counts. Also the CPU the client and anvil spent on it, in cores.
 */
export async function rawFetch(chain: TestChain, upTo?: bigint) {
  const client = createPublicClient({ transport: http(chain.anvil.rpcUrl) });
  const head = upTo ?? (await client.getBlockNumber());
  const from = BigInt(chain.deployment.startBlock);
  const address = Object.values(chain.deployment.contracts);
  const once = async (): Promise<RawFetch> => {
    const start = now();
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
    return { seconds: (now() - start) / 1000, events: logs.length, blocks: blockNumbers.length };
  };
  const anvilPid = chain.anvil.process.pid as number;
  const before = { client: process.cpuUsage(), anvil: processCpuMs(anvilPid) };
  const runs = [await once(), await once(), await once()];
  const allSeconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const clientUsage = process.cpuUsage(before.client);
  const median = [...runs].sort((a, b) => a.seconds - b.seconds)[1] as RawFetch;
  return {
    head,
    runs,
    median,
    clientCores: (clientUsage.user + clientUsage.system) / 1e6 / allSeconds,
    anvilCores: (processCpuMs(anvilPid) - before.anvil) / 1000 / allSeconds,
  };
}

/** Where the CPU went between two moments: the indexer's main thread and whole process, anvil, the machine. */
type CpuSample = { main: number; ponder: number; anvil: number; machine: ReturnType<typeof machineCpuMs> };

export type PonderRun = Awaited<ReturnType<typeof runPonder>>;

/**
 * Ponder indexing the chain into `schema` (views in `viewsSchema`) of the database until it has caught up with
 * `head`, then stopped. The backfill is timed from Ponder's "Started backfill indexing" to its "Completed
 * backfill indexing" log line. With a warm sync cache (`ponder_sync` filled by an earlier run in the same
 * database) this is a re-index: a changed handler's new deployment schema, replayed without fetching the chain.
 */
export async function runPonder(
  chain: TestChain,
  database: { databaseUrl: string },
  head: bigint,
  options: { schema?: string; viewsSchema?: string; endBlock?: bigint } = {},
) {
  const viewsSchema = options.viewsSchema ?? 'skald';
  const anvilPid = chain.anvil.process.pid as number;
  let ponderPid = 0;
  let backfillStart = 0;
  let backfillEnd = 0;
  let cpuAtStart: CpuSample | undefined;
  let cpuAtEnd: CpuSample | undefined;
  const cpuSample = (): CpuSample => ({
    main: threadCpuMs(ponderPid),
    ponder: processCpuMs(ponderPid),
    anvil: processCpuMs(anvilPid),
    machine: machineCpuMs(),
  });
  const load = loadavg()[0] as number;
  const startedAt = now();
  const indexer = await startTestIndexer(chain, database, {
    viewsSchema,
    ...(options.schema ? { schema: options.schema } : {}),
    ...(options.endBlock !== undefined ? { env: { SKALD_END_BLOCK: String(options.endBlock) } } : {}),
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
  const reader = openReader(database, viewsSchema);
  await waitForIndexed(reader, chain, { block: head, timeoutMs: 3_600_000 });
  const totalSeconds = (now() - startedAt) / 1000;
  const cpuMs = processCpuMs(ponderPid);
  const peakRss = peakRssMb(ponderPid);
  const metrics = await scrapeMetrics(indexer.url);
  const [counted] = await reader.sql<{ n: string }[]>`SELECT count(*) AS n FROM activity`;
  const [size] = await reader.sql<{ database: string; sync: string; schema: string }[]>`
    SELECT pg_database_size(current_database()) AS database,
      (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'ponder_sync' AND c.relkind = 'r') AS sync,
      (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ${indexer.schema} AND c.relkind = 'r') AS schema`;
  await reader.close();
  await indexer.stop();
  const backfillSeconds = (backfillEnd - backfillStart) / 1000;
  const cores = (pick: (s: CpuSample) => number) =>
    cpuAtStart && cpuAtEnd ? (pick(cpuAtEnd) - pick(cpuAtStart)) / 1000 / backfillSeconds : Number.NaN;
  const machineBusy =
    cpuAtStart && cpuAtEnd
      ? (cpuAtEnd.machine.busy - cpuAtStart.machine.busy) /
        (cpuAtEnd.machine.total - cpuAtStart.machine.total)
      : Number.NaN;
  return {
    schema: indexer.schema,
    loadBefore: load,
    loadAfter: loadavg()[0] as number,
    indexed: Number(counted?.n),
    backfillSeconds,
    totalSeconds,
    cpuSeconds: cpuMs / 1000,
    peakRssMb: peakRss,
    bytes: { database: Number(size?.database), sync: Number(size?.sync), schema: Number(size?.schema) },
    metrics,
    cores: {
      main: cores((s) => s.main),
      ponder: cores((s) => s.ponder),
      anvil: cores((s) => s.anvil),
      machineBusy,
    },
  };
}

/**
 * One named helper per setup step for indexer tests and benchmarks: a database of its own, a chain with the game
 * deployed, the world simulator, the indexer, and waits on what the indexer has published. Nothing is mocked.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANVIL_MNEMONIC,
  type Anvil,
  type AnvilOptions,
  type Deployment,
  deployGame,
  freePort,
  startAnvil,
} from '@skald/chain';
import { gameEventAbis as indexerAbis } from '@skald/chain/activity';
import { runSimulator, type SimulatorOptions } from '@skald/chain/simulator';
import { createDb, type SkaldDb } from '@skald/db';
import postgres from 'postgres';
import { type AbiEvent, createPublicClient, http, toEventSelector } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { type RunningIndexer, type StartIndexerOptions, startIndexer } from '../lib/start.ts';

export const ADMIN_URL = process.env.SKALD_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A uniquely named database on the test Postgres; drop() removes it. */
export async function createTestDatabase(prefix = 'skald_test') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    databaseUrl: url.toString(),
    async drop() {
      const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}

export type TestChain = {
  anvil: Anvil;
  deployment: Deployment;
  deploymentPath: string;
  stop(): Promise<void>;
};

/** A fresh anvil with the game deployed and its deployment file written to a temp folder. */
export async function startChain(options: AnvilOptions = {}): Promise<TestChain> {
  const anvil = await startAnvil(options);
  const deployment = await deployGame({
    rpcUrl: anvil.rpcUrl,
    account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }),
    lockDurations: [60, 600, 3600],
  });
  const deploymentPath = join(mkdtempSync(join(tmpdir(), 'skald-deploy-')), 'deployment.json');
  writeFileSync(deploymentPath, JSON.stringify(deployment, null, 2));
  return { anvil, deployment, deploymentPath, stop: () => anvil.stop() };
}

/** The simulator playing `actions` moves as fast as the chain answers. */
export function playWorld(chain: TestChain, actions: number, extra: Partial<SimulatorOptions> = {}) {
  return runSimulator({
    rpcUrl: chain.anvil.rpcUrl,
    deployment: chain.deployment,
    bots: 10,
    actionsPerSecond: 0,
    maxActions: actions,
    badMoveShare: 0,
    seed: 42,
    ...extra,
  });
}

/** The indexer on a free port against this chain and database, quiet unless SKALD_TEST_LOG is set. */
export async function startTestIndexer(
  chain: TestChain,
  database: { databaseUrl: string },
  options: Partial<StartIndexerOptions> = {},
): Promise<RunningIndexer> {
  const lines: string[] = [];
  const indexer = await startIndexer({
    databaseUrl: database.databaseUrl,
    deploymentPath: chain.deploymentPath,
    viewsSchema: 'skald',
    port: await freePort(),
    log: (line) => {
      lines.push(line);
      if (process.env.SKALD_TEST_LOG) console.log(line);
    },
    ...options,
  });
  indexer.process.once('exit', (code, signal) => {
    if (code && code !== 0 && !process.env.SKALD_TEST_LOG)
      console.error(`${lines.slice(-40).join('\n')}\nponder exited ${code} ${signal}`);
  });
  return indexer;
}

/** A reader of the views schema, as the gateway would be. */
export function openReader(database: { databaseUrl: string }, viewsSchema = 'skald'): SkaldDb {
  return createDb({ databaseUrl: database.databaseUrl, viewsSchema });
}

/** The block Ponder has indexed through (from its checkpoint, published in the views schema). */
export async function indexedBlock(reader: SkaldDb): Promise<bigint> {
  try {
    const rows = await reader.sql<
      { latest_checkpoint: string }[]
    >`SELECT latest_checkpoint FROM _ponder_checkpoint`;
    const cp = rows[0]?.latest_checkpoint;
    // checkpoint layout: timestamp(10) chainId(16) blockNumber(16) ...
    return cp ? BigInt(cp.slice(26, 42)) : -1n;
  } catch {
    return -1n;
  }
}

/**
 * Waits until the views show the indexer at or past the chain head. Ponder backfills to the finalized block and
 * indexes the rest when a new head arrives; an automining anvil that went idle sends none, so an empty block is
 * mined now and then (it changes no game state). Polls; never a fixed sleep.
 */
export async function waitForIndexed(
  reader: SkaldDb,
  chain: TestChain,
  options: { block?: bigint; timeoutMs?: number; nudge?: boolean } = {},
): Promise<bigint> {
  const rpc = (method: string, params: unknown[] = []) =>
    fetch(chain.anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }).then((r) => r.json() as Promise<{ result: string }>);
  const target = options.block ?? BigInt((await rpc('eth_blockNumber')).result);
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let lastNudge = Date.now();
  while ((await indexedBlock(reader)) < target) {
    if (Date.now() > deadline) throw new Error(`indexer did not reach block ${target} in time`);
    if (options.nudge !== false && Date.now() - lastNudge > 1_000) {
      await rpc('evm_mine');
      lastNudge = Date.now();
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return target;
}

export { freePort };

/** Every log on chain that the indexer handles (topics of its ABIs, from the game's contracts). */
const indexedTopics = new Set(
  (Object.values(indexerAbis).flat() as readonly { type: string }[])
    .filter((item) => item.type === 'event')
    .map((e) => toEventSelector(e as AbiEvent)),
);

export async function chainLogs(chain: TestChain, toBlock: bigint) {
  const client = createPublicClient({ transport: http(chain.anvil.rpcUrl) });
  const logs = await client.getLogs({
    address: Object.values(chain.deployment.contracts),
    fromBlock: BigInt(chain.deployment.startBlock),
    toBlock,
  });
  return logs.filter((l) => l.topics[0] && indexedTopics.has(l.topics[0]));
}

export { metricsReport, processCpuMs, scrapeMetrics } from '../lib/metrics.ts';

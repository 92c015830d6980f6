/**
 * The stack harness's "indexer" step for tests and benchmarks: the indexer on a free port against a chain from
 * `@skald/chain/local` and a database of its own, a reader of its views schema, and waits on what it has
 * published (never a fixed sleep).
 */
import { freePort } from '@skald/chain';
import type { TestChain } from '@skald/chain/local';
import { createDb, type SkaldDb } from '@skald/db';
import { type RunningIndexer, type StartIndexerOptions, startIndexer } from './ponder-process.ts';

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

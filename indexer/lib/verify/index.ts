/**
 * The one comparison of the index with the chain, used by `npm run verify`, the indexer's tests and the stack's
 * fault tests. Reads the views schema in one read-only snapshot (rows and Ponder's checkpoint agree), then
 * asks the chain: logs in ranges, contract reads at the checkpoint's block, batched over JSON-RPC.
 *
 * Event rows are compared for the block range asked (default the whole history the index holds); the state
 * tables are compared whole, at the block the index stands at.
 */
import type { Deployment } from '@skald/chain/deployment';
import type postgres from 'postgres';
import { createPublicClient, http, type PublicClient } from 'viem';
import { checkEventRows, fetchGameLogs } from './logs.ts';
import type { TableCheck } from './result.ts';
import { checkState, readIndexedState } from './state.ts';

export { EVENT_TABLES, eventIdLog, fetchGameLogs } from './logs.ts';
export type { TableCheck } from './result.ts';

export type VerifyOptions = {
  /** a connection whose search path is the views schema (`createDb`'s `sql`) */
  sql: postgres.Sql;
  deployment: Deployment;
  /** defaults to the deployment's */
  rpcUrl?: string;
  /** first block of the event comparison (default: the deployment's start block) */
  fromBlock?: bigint;
  /** last block of the event comparison (default, and at most: the block the index stands at) */
  toBlock?: bigint;
  /** eth_getLogs range (default 5,000 blocks) */
  logsRange?: bigint;
  /**
   * calls per second the endpoint allows (SKALD_RPC_RATE): batches no larger, sent no faster, 429s waited out.
   * Unset: batches of 500 as fast as the node answers (a local node)
   */
  rpcRate?: number;
};

/**
 * A fetch that sends JSON-RPC no faster than `rate` calls a second (a batch counts each call): each request
 * waits until the calls before it have had their share of the second. Bursts would be refused by an endpoint
 * that counts calls (HTTP 429).
 */
export function pacedFetch(rate: number, send: typeof fetch = fetch): typeof fetch {
  let nextAt = 0;
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    const calls = body.startsWith('[') ? Math.max(1, (JSON.parse(body) as unknown[]).length) : 1;
    const now = Date.now();
    const at = Math.max(now, nextAt);
    nextAt = at + (calls * 1000) / rate;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
    return send(input, init);
  };
}

export type VerifyReport = {
  fromBlock: bigint;
  toBlock: bigint;
  /** the block the index stands at (Ponder's checkpoint); the state was compared there */
  indexedBlock: bigint;
  tables: Omit<TableCheck, 'mismatch'>[];
  mismatches: number;
  ms: number;
};

export class VerifyError extends Error {
  override name = 'VerifyError';
}

/** The block number in Ponder's checkpoint string (timestamp 10, chain id 16, block number 16, …). */
const checkpointBlock = (checkpoint: string) => BigInt(checkpoint.slice(26, 42));

export async function verifyIndex(options: VerifyOptions): Promise<VerifyReport> {
  const started = performance.now();
  const { deployment } = options;
  const rpcUrl = options.rpcUrl ?? deployment.rpcUrl;
  // contract reads go out in JSON-RPC batches; logs one range a request (a large answer stands alone). Against
  // an endpoint with a known rate, both share one pace, batches fit in a second's calls, and a 429 is retried
  // after its Retry-After (viem reads it)
  const paced = options.rpcRate ? { fetchFn: pacedFetch(options.rpcRate), retryCount: 6 } : { retryCount: 1 };
  const batchSize = options.rpcRate ? Math.min(500, Math.floor(options.rpcRate)) : 500;
  const client = createPublicClient({
    transport: http(rpcUrl, { batch: { batchSize, wait: 0 }, timeout: 60_000, ...paced }),
  }) as PublicClient;
  const logsClient = createPublicClient({
    transport: http(rpcUrl, { timeout: 60_000, ...paced }),
  }) as PublicClient;

  // one snapshot: the checkpoint and every row read agree, however far the indexer moves meanwhile
  const snapshot = await options.sql.begin('isolation level repeatable read read only', async (tx) => {
    const checkpoints = await tx.unsafe<{ latest_checkpoint: string }[]>(
      'SELECT latest_checkpoint FROM _ponder_checkpoint',
    );
    const checkpoint = checkpoints[0]?.latest_checkpoint;
    if (!checkpoint) throw new VerifyError('the index has no checkpoint yet (has the indexer started?)');
    const indexedBlock = checkpointBlock(checkpoint);
    const start = BigInt(deployment.startBlock);
    const fromBlock =
      options.fromBlock === undefined || options.fromBlock < start ? start : options.fromBlock;
    const toBlock =
      options.toBlock === undefined || options.toBlock > indexedBlock ? indexedBlock : options.toBlock;
    if (fromBlock > toBlock)
      throw new VerifyError(`nothing to compare: from block ${fromBlock} is past block ${toBlock}`);
    const logs = await fetchGameLogs(logsClient, deployment, fromBlock, toBlock, options.logsRange);
    const events = await checkEventRows(tx, logs, fromBlock, toBlock);
    const state = await readIndexedState(tx);
    return { indexedBlock, fromBlock, toBlock, events, state };
  });
  const head = await client.getBlockNumber();
  if (head < snapshot.indexedBlock)
    throw new VerifyError(
      `the index stands at block ${snapshot.indexedBlock} but the chain's head is ${head}: a reorg the indexer has not seen yet, or another chain`,
    );
  const stateChecks = await checkState(client, deployment, snapshot.indexedBlock, snapshot.state);
  const tables = [...snapshot.events, ...stateChecks].map(({ mismatch: _, ...rest }) => rest);
  return {
    fromBlock: snapshot.fromBlock,
    toBlock: snapshot.toBlock,
    indexedBlock: snapshot.indexedBlock,
    tables,
    mismatches: tables.reduce((n, t) => n + t.mismatches, 0),
    ms: Math.round(performance.now() - started),
  };
}

/** The report as printed: a heading, one line per table, the described mismatches under their table. */
export function formatReport(report: VerifyReport): string[] {
  const lines = [
    `blocks ${report.fromBlock}–${report.toBlock} (index at block ${report.indexedBlock}; state compared there)`,
  ];
  const width = Math.max(...report.tables.map((t) => t.table.length));
  for (const t of report.tables) {
    lines.push(
      `${t.table.padEnd(width)}  ${String(t.checked).padStart(7)} checked  ${String(t.mismatches).padStart(5)} mismatches`,
    );
    for (const example of t.examples) lines.push(`${' '.repeat(width)}    ${example}`);
    if (t.mismatches > t.examples.length)
      lines.push(`${' '.repeat(width)}    … and ${t.mismatches - t.examples.length} more`);
  }
  lines.push(
    `${report.mismatches === 0 ? 'OK' : 'MISMATCH'}: ${report.mismatches} mismatches in ${(report.ms / 1000).toFixed(1)} s`,
  );
  return lines;
}

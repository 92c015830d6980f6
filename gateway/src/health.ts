/**
 * Health as an operator (and /ready's load balancer) needs it: does the indexer process answer, how far is its
 * committed head behind the chain's head (blocks and seconds), and is the live stream following the database?
 * /ready is 503 while the database or the indexer is down, the backfill is not done, or the lag is over the
 * configured number of blocks.
 */

import { decodeCursor } from '@skald/game';
import type { FastifyInstance } from 'fastify';

export type Head = { block: number; timestamp: number };

export type HealthSnapshot = {
  ready: boolean;
  /** why not ready (empty when ready) */
  reasons: string[];
  database: boolean;
  /** the indexer answers and has finished its backfill */
  indexer: boolean;
  indexerProcess: 'up' | 'down';
  backfillDone: boolean;
  indexed: Head | null;
  chain: Head | null;
  lag: { blocks: number; seconds: number } | null;
  maxLagBlocks: number;
  live: {
    state: 'current' | 'behind' | 'stopped';
    head: string | null;
    headBlock: number | null;
    databaseHead: string | null;
    lastBatchSecondsAgo: number | null;
  };
  /** the live stream's head cursor (kept for older readers of /ready) */
  liveHead: string | null;
  checkedAt: string;
};

/** What the live stream reports to health (kept by the live plugin from its batches). */
export type LiveHealthSource = { head(): string | null; lastBatchAt(): number | null };

async function chainHead(rpcUrl: string): Promise<Head | null> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getBlockByNumber',
        params: ['latest', false],
      }),
      signal: AbortSignal.timeout(1500),
    });
    const body = (await response.json()) as { result?: { number: string; timestamp: string } };
    if (!body.result) return null;
    return { block: Number(body.result.number), timestamp: Number(body.result.timestamp) };
  } catch {
    return null;
  }
}

async function indexerAnswers(indexerUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${indexerUrl.replace(/\/$/, '')}/health`, {
      signal: AbortSignal.timeout(1500),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

export function createHealth(app: FastifyInstance, live: LiveHealthSource) {
  const { config } = app;
  let cached: { at: number; value: Promise<HealthSnapshot> } | undefined;

  async function check(): Promise<HealthSnapshot> {
    const reasons: string[] = [];
    const [answers, chain] = await Promise.all([
      indexerAnswers(config.indexerUrl),
      config.rpcUrl ? chainHead(config.rpcUrl) : Promise.resolve(null),
    ]);
    let database = false;
    let backfillDone = false;
    let indexed: Head | null = null;
    let databaseHead: string | null = null;
    try {
      await app.repos.status.ping();
      database = true;
      [backfillDone, indexed, databaseHead] = await Promise.all([
        app.repos.status.indexerReady(),
        app.repos.status.indexedHead(),
        app.repos.activity.head(),
      ]);
    } catch (error) {
      app.log.debug({ err: error }, 'health: database check failed');
    }
    if (!database) reasons.push('the database is unreachable');
    if (!answers) reasons.push('the indexer process does not answer');
    if (database && !backfillDone) reasons.push('the indexer has not finished its backfill');
    const lag =
      chain && indexed
        ? {
            blocks: Math.max(0, chain.block - indexed.block),
            seconds: Math.max(0, chain.timestamp - indexed.timestamp),
          }
        : null;
    if (lag && lag.blocks > config.readyMaxLagBlocks)
      reasons.push(
        `the indexer is ${lag.blocks} blocks behind the chain (limit ${config.readyMaxLagBlocks})`,
      );

    const head = live.head();
    const lastBatchAt = live.lastBatchAt();
    const liveState: HealthSnapshot['live']['state'] = !answers
      ? 'stopped'
      : databaseHead !== null && (head === null || head < databaseHead)
        ? 'behind'
        : 'current';
    const indexer = answers && backfillDone;
    return {
      ready: reasons.length === 0,
      reasons,
      database,
      indexer,
      indexerProcess: answers ? 'up' : 'down',
      backfillDone,
      indexed,
      chain,
      lag,
      maxLagBlocks: config.readyMaxLagBlocks,
      live: {
        state: liveState,
        head,
        headBlock: head ? Number(decodeCursor(head).blockNumber) : null,
        databaseHead,
        lastBatchSecondsAgo: lastBatchAt === null ? null : Math.round((Date.now() - lastBatchAt) / 1000),
      },
      liveHead: head,
      checkedAt: new Date().toISOString(),
    };
  }

  return {
    /** at most one check per 500 ms, however many probes ask */
    snapshot(): Promise<HealthSnapshot> {
      const now = Date.now();
      if (!cached || now - cached.at > 500) cached = { at: now, value: check() };
      return cached.value;
    },
  };
}

/**
 * Health as an operator (and /ready's load balancer) needs it: does the database answer, does the indexer
 * process answer, how far is its committed head behind the chain's head (blocks and seconds), is it making
 * progress, and is the live stream following the database? /ready is 503 while the database or the indexer is
 * down or stalled, the backfill is not done, or the lag is over the configured number of blocks.
 *
 * The facts are gathered in the background, once a second, each probe bounded by a short timeout, so /health,
 * /ready and /status answer from memory within milliseconds whatever is down (only the very first request
 * waits for the first check). Every "not ready" carries its reason.
 *
 * live.state: `stopped` (the indexer process is gone: its port refuses, or the database is down), `stalled`
 * (the process is there but makes no progress: it does not answer, or its head has stayed put for
 * STALL_MS while the chain moved past it), `behind` (the stream has not yet sent what the database holds),
 * `current`.
 */

import { createDb } from '@skald/db';
import { decodeCursor } from '@skald/game';
import type { VerifyStatus } from '@skald/wire/rest';
import type { FastifyInstance } from 'fastify';
import { createIndexerUpstream, type IndexerUpstream, refused } from './indexer-upstream.ts';
import { databaseUnavailable } from './plugins/app/errors.ts';
import { createRepositories } from './repositories/index.ts';
import { lastVerification } from './verify-status.ts';

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
    state: 'current' | 'behind' | 'stalled' | 'stopped';
    head: string | null;
    headBlock: number | null;
    databaseHead: string | null;
    lastBatchSecondsAgo: number | null;
    /** how long the indexer has made no progress while the chain moved (null: it is making progress) */
    stalledSeconds: number | null;
  };
  /** the live stream's head cursor (kept for older readers of /ready) */
  liveHead: string | null;
  checkedAt: string;
  /** when `npm run verify` last ran and when it last passed (null: unreadable) */
  verify: VerifyStatus | null;
};

/** What the live stream reports to health (kept by the live plugin from its batches). */
export type LiveHealthSource = { head(): string | null; lastBatchAt(): number | null };

/** how often the facts are gathered */
const INTERVAL_MS = 1000;
/** each probe (database, indexer, chain) gives up after this */
const PROBE_TIMEOUT_MS = 1000;
/** the indexer's head unchanged this long while the chain moved past it: stalled */
export const STALL_MS = 5000;
/** database checks timing out in a row before it counts as down (about this many seconds) */
const SLOW_CHECKS_DOWN = 3;

class ProbeTimeout extends Error {
  override name = 'ProbeTimeout';
}

/**
 * `promise`, or a ProbeTimeout after `ms`. When the timer fires, the answers already waiting on their sockets
 * are read first (the rejection waits for the event loop's next check phase, after its I/O): on a gateway whose
 * event loop was busy for longer than `ms` (taking over a dead gateway's clients), an answer that came in time
 * is not a timeout.
 */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        immediate = setImmediate(() => reject(new ProbeTimeout(`${what} did not answer within ${ms} ms`)));
      }, ms);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  });
}

const why = (error: unknown) => {
  const e = error as { code?: string; message?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code ?? e?.message ?? String(error);
};

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
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const body = (await response.json()) as { result?: { number: string; timestamp: string } };
    if (!body.result) return null;
    return { block: Number(body.result.number), timestamp: Number(body.result.timestamp) };
  } catch {
    return null;
  }
}

/** up; refused (nothing listens: the process is gone); or silent (no answer in time: stopped or wedged) */
async function indexerAnswers(indexer: IndexerUpstream): Promise<'up' | 'refused' | 'silent'> {
  try {
    const response = await indexer.fetch('/health', { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok ? 'up' : 'silent';
  } catch (error) {
    return refused(error) ? 'refused' : 'silent';
  }
}

type DatabaseFacts = {
  backfillDone: boolean;
  indexed: Head | null;
  databaseHead: string | null;
  /** the database answers, but the indexer's tables could not be read (not created yet, a schema switch) */
  unreadable?: string;
};

export function createHealth(app: FastifyInstance, live: LiveHealthSource) {
  const { config } = app;
  const indexerUpstream = createIndexerUpstream(config.indexerUrls);
  // the database probe has a connection of its own: a pool busy with the live stream's replays (a gateway taking
  // over a dead one's clients) is not a database outage, and must not turn REST reads away with 503s
  const probeDb = createDb({ databaseUrl: config.databaseUrl, viewsSchema: config.viewsSchema, max: 1 });
  const probe = createRepositories(probeDb);
  let latest: HealthSnapshot | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** a database read still running (a hung database must not pile up reads) */
  let databaseRead: { since: number; done: Promise<DatabaseFacts> } | undefined;
  /** where the indexer's head last moved, and the chain's head then */
  let progress: { block: number; chainBlock: number; at: number } | undefined;
  /** database checks that timed out in a row */
  let slowChecks = 0;

  async function readDatabase(): Promise<DatabaseFacts> {
    if (!databaseRead) {
      const done = (async (): Promise<DatabaseFacts> => {
        // a connection the pool kept from before a database restart fails its first query: asked once more
        // (on a fresh connection) before the database counts as down, so one dead connection after a
        // recovery does not turn every REST read away for a check's interval
        await probe.status.ping().catch(() => probe.status.ping());
        try {
          const [backfillDone, indexed, databaseHead] = await Promise.all([
            probe.status.indexerReady(),
            probe.status.indexedHead(),
            probe.activity.head(),
          ]);
          return { backfillDone, indexed, databaseHead };
        } catch (error) {
          return { backfillDone: false, indexed: null, databaseHead: null, unreadable: why(error) };
        }
      })();
      const read = { since: Date.now(), done };
      databaseRead = read;
      void done.then(
        () => {
          if (databaseRead === read) databaseRead = undefined;
        },
        () => {
          if (databaseRead === read) databaseRead = undefined;
        },
      );
    }
    const left = Math.max(0, PROBE_TIMEOUT_MS - (Date.now() - databaseRead.since));
    return within(databaseRead.done, left, 'the database');
  }

  async function check(): Promise<HealthSnapshot> {
    const reasons: string[] = [];
    const [answers, chain, facts] = await Promise.all([
      indexerAnswers(indexerUpstream),
      config.rpcUrl ? chainHead(config.rpcUrl) : Promise.resolve(null),
      readDatabase().then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    ]);
    // one slow answer on a busy machine is not an outage: a database that times out counts as down from the
    // SLOW_CHECKS_DOWN-th check in a row (a refused connection at once)
    const timedOut = !facts.ok && facts.error instanceof ProbeTimeout;
    slowChecks = timedOut ? slowChecks + 1 : 0;
    const database = facts.ok || (timedOut && slowChecks < SLOW_CHECKS_DOWN);
    const { backfillDone, indexed, databaseHead } = facts.ok
      ? facts.value
      : database && latest
        ? {
            backfillDone: latest.backfillDone,
            indexed: latest.indexed,
            databaseHead: latest.live.databaseHead,
          }
        : { backfillDone: false, indexed: null, databaseHead: null };
    if (!facts.ok && !database) {
      app.log.debug({ err: facts.error }, 'health: database check failed');
      reasons.push(
        facts.error instanceof ProbeTimeout
          ? `the database does not answer (${facts.error.message})`
          : `the database is unreachable (${why(facts.error)})`,
      );
    }
    if (answers === 'refused') reasons.push('the indexer process does not answer (connection refused)');
    if (answers === 'silent')
      reasons.push(`the indexer process does not answer (no answer within ${PROBE_TIMEOUT_MS} ms)`);
    if (facts.ok && facts.value.unreadable)
      reasons.push(`the indexer's tables cannot be read (${facts.value.unreadable})`);
    else if (database && !backfillDone) reasons.push('the indexer has not finished its backfill');
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

    // progress: the indexer's head against the chain's
    const now = Date.now();
    let stalledMs: number | null = null;
    if (indexed && chain) {
      if (!progress || progress.block !== indexed.block)
        progress = { block: indexed.block, chainBlock: chain.block, at: now };
      else if (chain.block > Math.max(progress.chainBlock, indexed.block) && now - progress.at >= STALL_MS)
        stalledMs = now - progress.at;
    }
    if (stalledMs !== null && indexed && chain)
      reasons.push(
        `the indexer has made no progress for ${Math.round(stalledMs / 1000)} s (its head stays at block ${indexed.block} while the chain is at ${chain.block})`,
      );

    const head = live.head();
    const lastBatchAt = live.lastBatchAt();
    const liveState: HealthSnapshot['live']['state'] =
      answers === 'refused' || !database
        ? 'stopped'
        : answers === 'silent' || stalledMs !== null
          ? 'stalled'
          : databaseHead !== null && (head === null || head < databaseHead)
            ? 'behind'
            : 'current';
    const indexer = answers === 'up' && backfillDone;
    return {
      ready: reasons.length === 0,
      reasons,
      database,
      indexer,
      indexerProcess: answers === 'up' ? 'up' : 'down',
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
        lastBatchSecondsAgo: lastBatchAt === null ? null : Math.round((now - lastBatchAt) / 1000),
        stalledSeconds: stalledMs === null ? null : Math.round(stalledMs / 1000),
      },
      liveHead: head,
      checkedAt: new Date(now).toISOString(),
      verify: database ? await lastVerification(app.db) : (latest?.verify ?? null),
    };
  }

  const refresh = async (): Promise<HealthSnapshot> => {
    try {
      latest = await check();
    } catch (error) {
      app.log.warn({ err: error }, 'health check failed');
    }
    return latest as HealthSnapshot;
  };
  const loop = () => {
    if (closed) return;
    timer = setTimeout(() => void refresh().finally(loop), INTERVAL_MS);
    timer.unref();
  };
  const first = refresh().finally(loop);
  // REST and GraphQL reads need the database: while the last check found it down, they answer 503 at once
  // (the error handler's answer) instead of each waiting on a connection that cannot be made or answered
  app.addHook('onRequest', async (request, reply) => {
    if (latest?.database !== false) return;
    const path = request.url;
    if (!(path.startsWith('/api/') || path.startsWith('/graphql')) || path.startsWith('/api/live/status'))
      return;
    return databaseUnavailable(
      app,
      reply,
      `the database is unavailable (${latest.reasons[0] ?? 'down'}); retry shortly`,
    );
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await probeDb.close().catch(() => {});
  });

  return {
    /** the facts of the last check (at most about a second old); the first request waits for the first check */
    async snapshot(): Promise<HealthSnapshot> {
      return latest ?? (await first);
    },
  };
}

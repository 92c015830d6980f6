/**
 * The indexer as a supervised part of a stack (`npm start` and `npm run start:cluster` alike): started, watched for
 * progress (its committed head against the chain's), restarted from its checkpoint, and redeployed without
 * downtime. A redeploy (`npm run redeploy`, which sends the stack SIGUSR2) starts the new code beside the old one
 * on the other of two ports, into its own deployment schema, replaying history from the sync cache; Ponder points
 * the views at it in one transaction once it has caught up; then the old process stops and its schema is dropped.
 * The gateways are given both ports (`urls`) and follow the one that answers.
 */
import type { ChildProcess } from 'node:child_process';
import type { RunningIndexer, StartIndexerOptions } from '@skald/indexer';
import postgres from 'postgres';
import { createBackfillProgress, createStallDetector, rpcCall, within } from './progress.ts';
import { type RedeployState, type RunFile, writeRunFile } from './run-file.ts';
import { type PartProcess, type Supervised, type SupervisorEvents, supervise } from './supervise.ts';

const PROBE_TIMEOUT_MS = 3000;
/** how often startup says how far the indexer's backfill is */
const BACKFILL_REPORT_MS = 5000;

/** The indexer's committed head (its checkpoint's block) and the chain's head, read once. */
async function heads(sql: postgres.Sql, schema: string, rpcUrl: string) {
  const [rows, chainHex] = await Promise.all([
    within(
      sql<
        { c: string }[]
      >`select latest_checkpoint as c from ${sql(schema)}._ponder_checkpoint order by chain_id limit 1`,
      PROBE_TIMEOUT_MS,
      'the indexer checkpoint',
    ),
    rpcCall<string>(rpcUrl, 'eth_blockNumber', [], PROBE_TIMEOUT_MS),
  ]);
  const checkpoint = rows[0]?.c;
  return { head: checkpoint ? Number(checkpoint.slice(26, 42)) : undefined, chain: Number(chainHex) };
}

const connect = (databaseUrl: string) =>
  postgres(databaseUrl, {
    max: 1,
    connect_timeout: PROBE_TIMEOUT_MS / 1000,
    idle_timeout: 30,
    onnotice: () => {},
  });

/**
 * While a new indexer process catches up (before it is ready), says every BACKFILL_REPORT_MS how far it is, how
 * fast it goes and its ETA. Readings that fail (no checkpoint table yet) are skipped.
 */
function reportBackfill(
  o: { databaseUrl: string; rpcUrl: string; startBlock: number; log(line: string): void },
  schema: string,
) {
  const progress = createBackfillProgress(o.startBlock);
  const sql = connect(o.databaseUrl);
  let reading = false;
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    heads(sql, schema, o.rpcUrl)
      .then(({ head, chain }) => {
        const line = progress.observe({ head: head ?? o.startBlock, chain });
        if (line) o.log(line);
      })
      .catch(() => {})
      .finally(() => {
        reading = false;
      });
  }, BACKFILL_REPORT_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      void sql.end({ timeout: 1 }).catch(() => {});
    },
  };
}

/**
 * The indexer's progress: its committed head against the chain's head. Stuck when the head stays put while the
 * chain moves `blocks` past it for at least `seconds`; when the database or the chain cannot be read, the check
 * cannot tell (it throws).
 */
function indexerProgress(o: {
  databaseUrl: string;
  schema: () => string | undefined;
  rpcUrl: string;
  blocks: number;
  seconds: number;
}) {
  let detector: ReturnType<typeof createStallDetector> | undefined;
  let since = 0;
  let sql: postgres.Sql | undefined;
  return async (startedAt: number): Promise<string | null> => {
    if (since !== startedAt || !detector) {
      since = startedAt;
      detector = createStallDetector({ blocks: o.blocks, ms: o.seconds * 1000 });
    }
    const schema = o.schema();
    if (!schema) return null;
    sql ??= connect(o.databaseUrl);
    const { head, chain } = await heads(sql, schema, o.rpcUrl);
    if (head === undefined) return null;
    return detector.observe({ head, chain });
  };
}

export type IndexerPartOptions = {
  /** @skald/indexer, loaded by the caller once the build is done */
  indexer: {
    startIndexer(options: StartIndexerOptions): Promise<RunningIndexer>;
    prepareIndexer(options: StartIndexerOptions): Promise<{ schema: string }>;
  };
  /** what every indexer process of this stack is started with, but its port */
  options: Omit<StartIndexerOptions, 'port'> & { databaseUrl: string; viewsSchema: string };
  /** the indexer's port; a redeploy starts the new version on `port` + 1 (and the next one back on `port`) */
  port: number;
  /** the chain the progress check compares with (the node itself, not a proxy in front of it) */
  rpcUrl: string;
  startBlock: number;
  stall: { blocks: number; seconds: number };
  progressIntervalMs: number;
  /** every process started, so the stack can make sure none outlives it */
  track(child: ChildProcess): void;
  /** a line for the stack's log under the indexer's name */
  log(line: string): void;
  events: SupervisorEvents;
  /**
   * After a redeploy's flip, before it is told done: what else must follow the new code (the cluster's GraphQL
   * reader, whose schema is built from it). A failure is told with the result; the new version serves either way.
   */
  afterFlip?(): Promise<void>;
};

export type IndexerPart = {
  supervised: Supervised;
  /** the deployment schema the views read (the serving process's) */
  schema(): string | undefined;
  /** Ponder's HTTP server at either port, for the gateways' INDEXER_URL */
  urls: string[];
  /** the new code in service, the old schema dropped; `tell` hears each step (the run file, the log) */
  redeploy(tell: (state: Omit<RedeployState, 'requested' | 'at'>) => void): Promise<void>;
};

export async function superviseIndexer(o: IndexerPartOptions): Promise<IndexerPart> {
  const { databaseUrl, viewsSchema } = o.options;
  const ports = [o.port, o.port + 1] as const;
  let port: number = o.port;
  let schema: string | undefined;
  const optionsAt = (p: number): StartIndexerOptions => ({ ...o.options, port: p });

  const start = async (at = port): Promise<PartProcess> => {
    const indexer = await o.indexer.startIndexer(optionsAt(at));
    // the schema whose lock a crash leaves behind (released before a restart)
    schema ??= indexer.schema;
    o.track(indexer.process);
    const backfill = reportBackfill({ ...o, databaseUrl }, indexer.schema);
    try {
      await indexer.ready(10 * 60_000);
    } catch (error) {
      await indexer.stop();
      throw error;
    } finally {
      backfill.stop();
    }
    // serving now: the progress check and a restart follow this process
    schema = indexer.schema;
    port = at;
    return { process: indexer.process, stop: indexer.stop };
  };

  const supervised = await supervise({
    name: 'indexer',
    start: () => start(),
    // the killed process cannot release its schema lock; it is ours (we saw it exit), so release it now
    // instead of waiting for Ponder's 25 s heartbeat timeout
    beforeRestart: async () => {
      if (!schema) return;
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        await sql`update ${sql(schema)}._ponder_meta set value = jsonb_set(value, '{is_locked}', '0') where key = 'app'`;
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
    progress: {
      intervalMs: o.progressIntervalMs,
      check: indexerProgress({ databaseUrl, schema: () => schema, rpcUrl: o.rpcUrl, ...o.stall }),
    },
    events: o.events,
  });

  let redeploying: Promise<void> | undefined;
  const redeploy = async (tell: (state: Omit<RedeployState, 'requested' | 'at'>) => void) => {
    const requested = Date.now();
    const from = schema;
    try {
      const next = ports.find((p) => p !== port) as number;
      const { schema: to } = await o.indexer.prepareIndexer(optionsAt(next));
      if (to === from) {
        tell({
          state: 'unchanged',
          from,
          to,
          message: `the indexer's code has not changed (schema ${to}); nothing to do`,
        });
        return;
      }
      tell({
        state: 'indexing',
        from,
        to,
        message: `${to} indexes from the sync cache (port ${next}) while ${from} serves`,
      });
      await supervised.replace(() => start(next));
      // Ponder pointed the views at the new schema when it was ready (one transaction); the old schema goes
      // only once nothing reads it any more
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const [left] = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_views
          where schemaname = ${viewsSchema} and definition like ${`%${from}.%`}`;
        if (left?.n) throw new Error(`${left.n} views in ${viewsSchema} still read ${from}; it is kept`);
        if (from) await sql`drop schema if exists ${sql(from)} cascade`;
        const [events] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(to)}.activity`;
        const seconds = (Date.now() - requested) / 1000;
        const followed = await o.afterFlip?.().then(
          () => '',
          (error) => `; but ${error instanceof Error ? error.message : error}`,
        );
        tell({
          state: 'done',
          from,
          to,
          message: `${to} serves after ${seconds.toFixed(1)} s (${events?.n} events, start-up included); ${from} stopped and dropped${followed ?? ''}`,
        });
      } finally {
        await sql.end({ timeout: 5 });
      }
    } catch (error) {
      tell({
        state: 'failed',
        from,
        message: `${error instanceof Error ? error.message : error}; ${schema} goes on serving`,
      });
    }
  };

  return {
    supervised,
    schema: () => schema,
    urls: ports.map((p) => `http://127.0.0.1:${p}`),
    // one at a time: a second request while one runs hears how that one ends
    redeploy: (tell) => {
      redeploying ??= redeploy(tell).finally(() => {
        redeploying = undefined;
      });
      return redeploying;
    },
  };
}

/**
 * `npm run redeploy` reaches a stack through its run file and SIGUSR2: writes the run file now, and on each
 * SIGUSR2 redeploys the indexer, writing each step to the run file and the log.
 */
export function listenForRedeploy(o: {
  runFile: string;
  origin: string;
  indexer: IndexerPart;
  stopping(): boolean;
  say(message: string): void;
  warn(message: string): void;
}): void {
  let run: RunFile = { pid: process.pid, origin: o.origin, startedAt: Date.now() };
  writeRunFile(o.runFile, run);
  process.on('SIGUSR2', () => {
    if (o.stopping()) return;
    const requested = Date.now();
    void o.indexer.redeploy((state) => {
      run = { ...run, redeploy: { ...state, requested, at: Date.now() } };
      writeRunFile(o.runFile, run);
      (state.state === 'failed' ? o.warn : o.say)(`redeploy: ${state.message}`);
    });
  });
}

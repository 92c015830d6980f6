/**
 * The gateway's environment, parsed once per process at boot (src/run.ts). A bad value stops the process with a
 * list of every problem, not just the first. Variables other processes read too (PORT, SQL_TIMEOUT_MS,
 * SESSION_SECRET, LOG_LEVEL) take their one rule and default from @skald/env's `sharedEnv`.
 */
import { baseEnv, bool, csv, nodeEnv, parseEnv, postgresUrl, sharedEnv, url, viewsSchema } from '@skald/env';
import { z } from 'zod';

export const gatewayEnvSchema = baseEnv.extend({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** HTTP port for pages, /api, /graphql and /socket.io (one origin). */
  PORT: sharedEnv.PORT,
  /** Interface to bind; 0.0.0.0 inside a container. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Postgres holding the indexed views. */
  DATABASE_URL: postgresUrl,
  /** Ponder's --views-schema: the stable schema the gateway reads. */
  SKALD_VIEWS_SCHEMA: viewsSchema,
  /** Postgres pool size per process. */
  DATABASE_POOL: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * A streaming replica of DATABASE_URL (its owner role): REST reads go there while it is within
   * REPLICA_MAX_LAG_MS of the primary, else to the primary. The live stream and sessions stay on the primary.
   */
  DATABASE_READ_URL: postgresUrl.optional(),
  /** Reads leave the replica for the primary while its replay is further behind than this (ms). */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** Sessions and sign-in nonces live here (shared by every gateway process); see LIVE_REDIS for the stream. */
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  /**
   * With REDIS_URL: true, the processes share one live source (a Redis-elected leader reads Postgres, batches
   * reach the others through the socket.io Redis adapter); false, each process reads Postgres itself.
   */
  LIVE_REDIS: bool.default(true),
  /**
   * The Ponder HTTP server (its /graphql and /sql are proxied under the gateway's origin); a comma-separated list
   * when a redeploy runs the new indexer beside the old one: the gateway stays with the one that answers.
   */
  INDEXER_URL: csv.pipe(z.array(url(['http:', 'https:'])).min(1)).default(['http://127.0.0.1:42069']),
  /**
   * GraphQL readers (`ponder serve` on the DATABASE_READ_URL replica; comma-separated): GraphQL goes there while
   * REST reads the replica (within REPLICA_MAX_LAG_MS), else, or when none answers, to INDEXER_URL. Live queries
   * (/sql/*) always go to INDEXER_URL.
   */
  GRAPHQL_READ_URL: csv.pipe(z.array(url(['http:', 'https:'])).min(1)).optional(),
  /** The node's HTTP RPC and websocket for the live fast lane (defaults: the deployment's rpcUrl, its ws twin). */
  ...nodeEnv,
  /** The chain's block time in ms: the fast lane's polling interval without a websocket. */
  SKALD_BLOCK_TIME_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** A provisional event the indexer has not confirmed after this many blocks is retracted. */
  SKALD_LIVE_CONFIRM_BLOCKS: z.coerce.number().int().min(1).max(1000).default(32),
  /** Announce events from the node before the indexer commits them (provisional). */
  SKALD_FAST_LANE: bool.default(true),
  /** Origin the browser uses; sign-in messages must name its host. */
  PUBLIC_ORIGIN: url(['http:', 'https:']).optional(),
  /** HMAC key for session cookies (>= 32 characters); required in production. */
  SESSION_SECRET: sharedEnv.SESSION_SECRET,
  /** Session lifetime in seconds (default 7 days). */
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  /** Requests per minute per client IP. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  /** Trust X-Forwarded-For (behind a reverse proxy). */
  TRUST_PROXY: bool.default(false),
  /** Live-stream connections one client address may hold at once (per gateway process). */
  LIVE_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /** A live subscription resumes at most this many events behind the head... */
  LIVE_REPLAY_MAX_EVENTS: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** ...or this many seconds of history, whichever reaches further back; older history is paged over REST. */
  LIVE_REPLAY_MAX_SECONDS: z.coerce.number().int().min(0).max(604_800).default(600),
  /** Remote origins the image proxy may fetch from (comma separated https origins). */
  IMAGE_ALLOWED_ORIGINS: csv.pipe(z.array(url(['https:', 'http:']))).default([]),
  /** Folder of the app's own images (paths starting with / are read from here). */
  IMAGE_ASSETS_DIR: z.string().min(1).optional(),
  /** Largest source image the proxy accepts, in bytes. */
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  /** Web handler mode; defaults to production when NODE_ENV is production. */
  WEB_MODE: z.enum(['development', 'production']).optional(),
  /** /ready answers 503 when the indexer is more than this many blocks behind the chain head. */
  READY_MAX_LAG_BLOCKS: z.coerce.number().int().min(0).default(10),
  /** Statement timeout of /sql and /graphql queries, in ms. */
  SQL_TIMEOUT_MS: sharedEnv.SQL_TIMEOUT_MS,
  /** Most rows one /sql query returns. */
  SQL_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /**
   * Connection /sql queries run on: the read-only analyst role (see @skald/db ensureAnalystRole). Unset: the
   * owner's connection, still in a read-only transaction with the timeout and row cap, on the views schema.
   */
  ANALYST_DATABASE_URL: postgresUrl.optional(),
  LOG_LEVEL: sharedEnv.LOG_LEVEL,
});

export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

/** The session secret may be left out in development only. */
const productionRules = (env: GatewayEnv): string[] =>
  env.NODE_ENV === 'production' && !env.SESSION_SECRET
    ? ['SESSION_SECRET: required when NODE_ENV is production']
    : [];

export function parseGatewayEnv(env: Record<string, string | undefined> = process.env): GatewayEnv {
  return parseEnv('gateway', gatewayEnvSchema, env, productionRules);
}

/**
 * Everything the app needs to run, resolved once from the parsed environment and `startGateway` options. Plugins
 * read this object, never process.env.
 */
import type { WebApp, WebMode } from '@skald/wire/web-handler';
import type { GatewayEnv } from './env.ts';
import type { FetchPolicy } from './image/fetch.ts';
import type { FastLaneConfig } from './live/server.ts';

export type GatewayConfig = {
  databaseUrl: string;
  viewsSchema: string;
  databasePool: number;
  /** a streaming replica REST reads use while it is within `replicaMaxLagMs` */
  readUrl?: string;
  replicaMaxLagMs?: number;
  redisUrl?: string;
  /** with redisUrl: one live source for every process, through Redis (false: each process reads Postgres) */
  liveRedis?: boolean;
  /** Ponder's HTTP servers: one, or the old and the new one of a redeploy (see indexer-upstream.ts) */
  indexerUrls: string[];
  /** `ponder serve` on the replica: GraphQL goes there while reads use the replica (routes/graphql.ts) */
  graphqlReadUrls?: string[];
  /** chain the sign-in messages must name (from the deployment file) */
  chainId?: number;
  /** RPC origin the pages may connect to (CSP), from the deployment file */
  rpcOrigin?: string;
  /** JSON-RPC URL of the chain, from the deployment file (health compares the indexed head with its head) */
  rpcUrl?: string;
  /** /ready is 503 beyond this many blocks of indexer lag */
  readyMaxLagBlocks: number;
  /** bounds of /sql and /graphql: statement timeout (ms) and rows per /sql answer */
  sql: { timeoutMs: number; maxRows: number; analystUrl?: string };
  /** origin the browser uses */
  publicOrigin: string;
  sessionSecret: string;
  sessionTtlSeconds: number;
  rateLimitMax: number;
  trustProxy: boolean;
  /** `resolve` and `isAllowedAddress` are test seams (defaults: system DNS, public addresses only) */
  image: Pick<FetchPolicy, 'allowedOrigins' | 'maxBytes' | 'resolve' | 'isAllowedAddress'> & {
    assetsDir?: string;
  };
  webMode: WebMode;
  /** the web app whose pages this origin serves; unset: pages answer 503 (an API-only gateway, most tests) */
  web?: WebApp;
  /** safety-net read interval of the live source in ms */
  liveFallbackMs?: number;
  /** the live fast lane (node -> provisional events); unset: confirmed events only */
  fastLane?: FastLaneConfig;
  /** live-stream abuse bounds (connections per client address, how far back a subscription resumes); unset: none */
  liveLimits?: { connectionsPerAddress: number; replayMaxEvents: number; replayMaxSeconds: number };
};

export function configFromEnv(
  env: GatewayEnv,
  overrides: Partial<GatewayConfig> & { sessionSecret: string },
) {
  const config: GatewayConfig = {
    databaseUrl: env.DATABASE_URL,
    viewsSchema: env.SKALD_VIEWS_SCHEMA,
    databasePool: env.DATABASE_POOL,
    readUrl: env.DATABASE_READ_URL,
    replicaMaxLagMs: env.REPLICA_MAX_LAG_MS,
    redisUrl: env.REDIS_URL,
    liveRedis: env.LIVE_REDIS,
    indexerUrls: env.INDEXER_URL,
    graphqlReadUrls: env.GRAPHQL_READ_URL,
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    sessionTtlSeconds: env.SESSION_TTL_SECONDS,
    rateLimitMax: env.RATE_LIMIT_MAX,
    trustProxy: env.TRUST_PROXY,
    image: {
      allowedOrigins: env.IMAGE_ALLOWED_ORIGINS,
      assetsDir: env.IMAGE_ASSETS_DIR,
      maxBytes: env.IMAGE_MAX_BYTES,
    },
    readyMaxLagBlocks: env.READY_MAX_LAG_BLOCKS,
    liveLimits: {
      connectionsPerAddress: env.LIVE_MAX_CONNECTIONS_PER_IP,
      replayMaxEvents: env.LIVE_REPLAY_MAX_EVENTS,
      replayMaxSeconds: env.LIVE_REPLAY_MAX_SECONDS,
    },
    sql: { timeoutMs: env.SQL_TIMEOUT_MS, maxRows: env.SQL_MAX_ROWS, analystUrl: env.ANALYST_DATABASE_URL },
    webMode: env.WEB_MODE ?? (env.NODE_ENV === 'production' ? 'production' : 'development'),
    ...overrides,
  };
  return config;
}

/** origins a sign-in message's `uri` may name: those of the domains above, with the public origin's scheme. */
export function siweOrigins(config: GatewayConfig): string[] {
  const { protocol } = new URL(config.publicOrigin);
  return siweDomains(config).map((host) => `${protocol}//${host}`);
}

/** host[:port] values sign-in messages may name: the public origin, and its loopback twins in development. */
export function siweDomains(config: GatewayConfig): string[] {
  const url = new URL(config.publicOrigin);
  const domains = [url.host];
  if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') {
    const port = url.port ? `:${url.port}` : '';
    domains.push(`localhost${port}`, `127.0.0.1${port}`);
  }
  return [...new Set(domains)];
}

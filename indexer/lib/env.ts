/**
 * The indexer's environment, parsed once at boot. A bad value stops the process with a list of everything
 * that is wrong, not just the first problem.
 */
import { baseEnv, bool, nodeEnv, nodeUrls, parseEnv, positiveInt, postgresUrl } from '@skald/env';
import type { z } from 'zod';

export const indexerEnvSchema = baseEnv.extend({
  /** Postgres the indexer writes (the start function passes the embedded one when unset). */
  DATABASE_URL: postgresUrl,
  ...nodeEnv,
  /**
   * Ponder rate-limits each RPC URL (starting at 20 req/s, ramping slowly). A local node takes far more, so the
   * same URL is listed this many times, each copy a limiter bucket. Defaults: 32 on loopback, 1 elsewhere.
   */
  SKALD_RPC_FANOUT: positiveInt.max(256).optional(),
  /** eth_getLogs block range; defaults to 10,000 on loopback, else Ponder detects the provider's limit. */
  SKALD_GETLOGS_RANGE: positiveInt.optional(),
  /** Polling interval in ms when no WebSocket is available. Default 1000 (250 on loopback). */
  SKALD_POLLING_MS: positiveInt.optional(),
  /**
   * Index up to this block and no further (no realtime after it): a fixed range to measure or reproduce, e.g. the
   * first 100,000 events of a longer chain. Unset: follow the chain.
   */
  SKALD_END_BLOCK: positiveInt.optional(),
  /**
   * This process is a GraphQL reader (`ponder serve` on a streaming replica, see `startReader`), not the indexer:
   * its API serves GraphQL and /sync but not /sql/* live queries, which LISTEN for the indexer's notifications,
   * and a standby refuses LISTEN.
   */
  SKALD_API_READER: bool.default(false),
});

export type IndexerEnv = z.infer<typeof indexerEnvSchema>;

export function parseIndexerEnv(env: Record<string, string | undefined>): IndexerEnv {
  return parseEnv('indexer', indexerEnvSchema, env);
}

/** The chain settings derived from env + deployment, kept pure so a test can check them. */
export function chainSettings(env: IndexerEnv, deploymentRpcUrl: string) {
  const { rpcUrl, wsUrl, loopback: local } = nodeUrls(env, deploymentRpcUrl);
  const fanout = env.SKALD_RPC_FANOUT ?? (local ? 32 : 1);
  // a fragment is never sent, so every copy reaches the same node while Ponder counts them apart
  const rpc = fanout === 1 ? rpcUrl : Array.from({ length: fanout }, (_, i) => `${rpcUrl}#${i}`);
  return {
    rpc,
    /** Ponder's PONDER_RPC_MAX_RPS: the endpoint's rate per URL Ponder is given (at least Ponder's minimum, 3) */
    maxRpsPerUrl: env.SKALD_RPC_RATE === undefined ? undefined : Math.max(3, env.SKALD_RPC_RATE / fanout),
    ws: wsUrl,
    ethGetLogsBlockRange: env.SKALD_GETLOGS_RANGE ?? (local ? 10_000 : undefined),
    pollingInterval: env.SKALD_POLLING_MS ?? (local ? 250 : 1_000),
  };
}

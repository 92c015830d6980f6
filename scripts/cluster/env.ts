/**
 * What `npm run start:cluster` reads from its environment: `npm start`'s variables (scripts/lib/env.ts, on
 * @skald/env's base) and the topology's own. PORT is the balancer's; the gateways listen on the ports after it.
 */
import { port, sharedEnv } from '@skald/env';
import { z } from 'zod';
import { stackEnvSchema } from '../lib/env.ts';

const portOrUnset = port.min(1).optional();

export const clusterEnvSchema = stackEnvSchema.omit({ DATABASE_URL: true }).extend({
  /** gateway processes behind the balancer */
  GATEWAYS: z.coerce.number().int().min(1).max(16).default(2),
  /** the first gateway's port (the others follow); default PORT + 1 */
  GATEWAY_PORT: portOrUnset,
  /** the primary is PG_PORT; the streaming replica listens here (default PG_PORT + 1) */
  PG_REPLICA_PORT: portOrUnset,
  /** the cluster's data (primary, replica, balancer config); wiped at every start, as the chain is new */
  CLUSTER_DATA: z.string().min(1).optional(),
  /** the GraphQL reader (`ponder serve` on the replica); default INDEXER_PORT + 2 */
  READER_PORT: portOrUnset,
  /** Redis for sessions and nonces; unset: a redis-server of this cluster on REDIS_PORT */
  REDIS_URL: z.string().url().optional(),
  REDIS_PORT: port.min(1).default(6390),
  /** gateways read from the primary while the replica is further behind than this (ms) */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  SQL_TIMEOUT_MS: sharedEnv.SQL_TIMEOUT_MS,
});

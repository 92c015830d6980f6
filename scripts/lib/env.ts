/**
 * What `npm start` (and the simulator process it runs) reads from its environment, on @skald/env's base: parsed
 * once, every problem listed. Variables other processes read too (PORT, PG_PORT, SQL_TIMEOUT_MS, SESSION_SECRET,
 * LOG_LEVEL...) take their rule and default from @skald/env's `sharedEnv`, so a value `npm start` accepts is one
 * the gateway and the database accept. The root README's table describes each variable.
 */
import { baseEnv, nonNegative, port, postgresUrl, sharedEnv } from '@skald/env';
import { z } from 'zod';

/** LOG_LEVEL and LOG_FORMAT, case-insensitive. */
export const logEnvSchema = z.object({
  LOG_LEVEL: sharedEnv.LOG_LEVEL,
  LOG_FORMAT: z
    .string()
    .toLowerCase()
    .pipe(z.enum(['pretty', 'json'], { error: 'must be pretty or json' }))
    .default('pretty'),
});

export const stackEnvSchema = baseEnv.extend({
  ANVIL_PORT: port.default(8545),
  /** seconds between blocks; 0 or unset: a block per transaction */
  ANVIL_BLOCK_TIME: nonNegative.default(0),
  PG_PORT: sharedEnv.PG_PORT,
  PG_DATA: sharedEnv.PG_DATA,
  PORT: sharedEnv.PORT,
  INDEXER_PORT: sharedEnv.INDEXER_PORT,
  /** use this Postgres (its owner role) instead of the embedded one */
  DATABASE_URL: postgresUrl.optional(),
  ANALYST_PASSWORD: z.string().default('skald_analyst'),
  SQL_TIMEOUT_MS: sharedEnv.SQL_TIMEOUT_MS,
  /** random per start when unset (one for every gateway process of that start) */
  SESSION_SECRET: sharedEnv.SESSION_SECRET,
  /** `off` skips the bots */
  SIM: z.string().optional(),
  /** the indexer is restarted when its head stays put while the chain moves this many blocks past it… */
  INDEXER_STALL_BLOCKS: nonNegative.default(10),
  /** …for at least this many seconds */
  INDEXER_STALL_SECONDS: nonNegative.default(10),
});

export const simulatorEnvSchema = baseEnv.extend({
  SIM_BOTS: nonNegative.default(12),
  /** moves per second */
  SIM_RATE: nonNegative.default(4),
  SIM_BAD_SHARE: nonNegative.default(0.03),
});

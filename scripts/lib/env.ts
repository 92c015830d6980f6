/**
 * What `npm start` (and the simulator process it runs) reads from its environment, on @skald/env's base: parsed
 * once, every problem listed. The root README's table describes each variable.
 */
import { baseEnv, nonNegative, postgresUrl } from '@skald/env';
import { z } from 'zod';

export const LEVEL_NAMES = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/** LOG_LEVEL and LOG_FORMAT, case-insensitive. */
export const logEnvSchema = z.object({
  LOG_LEVEL: z
    .string()
    .toLowerCase()
    .pipe(z.enum(LEVEL_NAMES, { error: `must be one of ${LEVEL_NAMES.join(', ')}` }))
    .default('info'),
  LOG_FORMAT: z
    .string()
    .toLowerCase()
    .pipe(z.enum(['pretty', 'json'], { error: 'must be pretty or json' }))
    .default('pretty'),
});

export const stackEnvSchema = baseEnv.extend({
  ANVIL_PORT: nonNegative.default(8545),
  /** seconds between blocks; 0 or unset: a block per transaction */
  ANVIL_BLOCK_TIME: nonNegative.default(0),
  PG_PORT: nonNegative.default(54329),
  /** the embedded Postgres's data folder (default .data/postgres) */
  PG_DATA: z.string().optional(),
  PORT: nonNegative.default(3000),
  INDEXER_PORT: nonNegative.default(42069),
  /** use this Postgres (its owner role) instead of the embedded one */
  DATABASE_URL: postgresUrl.optional(),
  ANALYST_PASSWORD: z.string().default('skald_analyst'),
  SQL_TIMEOUT_MS: nonNegative.default(5000),
  /** random per start when unset */
  SESSION_SECRET: z.string().optional(),
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

/**
 * @skald/env: how every process reads its environment. Each part declares its variables as a zod object that
 * extends `baseEnv` with the shared pieces below, and `parseEnv` checks them all at once at boot: a bad value
 * stops the process with one `EnvError` listing every problem, not just the first. Empty values count as unset.
 */
import { z } from 'zod';

/** The one error for a bad environment: which part's, and every problem as `VARIABLE: what is wrong`. */
export class EnvError extends Error {
  override name = 'EnvError';
  constructor(
    readonly part: string,
    readonly problems: string[],
  ) {
    super(`invalid ${part} environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** A URL with one of the given protocols (`'postgres:'`, `'https:'`...). */
export const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine(
      (value) => protocols.includes(new URL(value).protocol),
      `must be a ${protocols.join(' or ')} URL`,
    );

export const postgresUrl = url(['postgres:', 'postgresql:']);

/** true | false | 1 | 0 */
export const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Comma separated values, trimmed, empty ones dropped. */
export const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

export const positiveInt = z.coerce.number().int().positive();

/** A number of at least 0 (ports, rates, shares). */
const NON_NEGATIVE = 'must be a non-negative number';
export const nonNegative = z.coerce.number({ error: NON_NEGATIVE }).min(0, NON_NEGATIVE);

const portFrom = (min: number) => {
  const rule = `must be a port number (an integer from ${min} to 65535)`;
  return z.coerce.number({ error: rule }).int(rule).min(min, rule).max(65535, rule);
};
/** A TCP port; 0 lets the system pick one where the process listens. */
export const port = portFrom(0);

/** LOG_LEVEL's values, quietest last; case-insensitive. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const SQL_TIMEOUT = 'must be a whole number of milliseconds from 10 to 600000';

/**
 * Every variable more than one process reads, with its one rule and one default. A part takes the ones it reads
 * by name (`PORT: sharedEnv.PORT`), so `npm start`, the gateway, the indexer and the database tools can never
 * disagree about a value: one that passes here passes in every process.
 */
export const sharedEnv = {
  /** The gateway's HTTP port: pages, /api, /graphql, /sql, /socket.io. */
  PORT: port.default(3000),
  /** Ponder's HTTP server (the indexer's /health, /ready, /status, /graphql, /sql). */
  INDEXER_PORT: port.default(42069),
  /** The embedded Postgres's port (used when DATABASE_URL is unset). */
  PG_PORT: portFrom(1).default(54329),
  /** The embedded Postgres's data folder; unset: .data/postgres at the repository root. */
  PG_DATA: z.string().min(1).optional(),
  /** Statement timeout of /sql, /graphql and the analyst role, in ms. */
  SQL_TIMEOUT_MS: z.coerce
    .number({ error: SQL_TIMEOUT })
    .int(SQL_TIMEOUT)
    .min(10, SQL_TIMEOUT)
    .max(600_000, SQL_TIMEOUT)
    .default(5000),
  /** HMAC key of the session cookies; unset: random per process (per `npm start`). */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z
    .string()
    .toLowerCase()
    .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }))
    .default('info'),
};

/** Ponder's --views-schema: the stable schema readers query. */
export const viewsSchema = z
  .string()
  .regex(/^[a-z_][a-z0-9_]{0,44}$/, 'must be a lower-case SQL identifier of at most 45 characters')
  .default('skald');

/** The network conditions profiles of @skald/chain/rpc-conditions (its RPC_PROFILES has one per name). */
export const RPC_PROFILE_NAMES = ['local', 'opbnb-public', 'opbnb-paid'] as const;
export type RpcProfileName = (typeof RPC_PROFILE_NAMES)[number];

/** Variables that mean the same in every process that reads them. */
export const baseEnv = z.object({
  /** The deployment file (chain/src/deployment.ts); defaults to deployments/local.json. */
  SKALD_DEPLOYMENT: z.string().min(1).optional(),
  /**
   * The network conditions `npm start` puts between Skald and its chain (an RPC proxy in front of anvil); the
   * indexer and the gateway read it to know whether the node offers a websocket. Unset: none (anvil as it is).
   */
  SKALD_RPC_PROFILE: z
    .enum(RPC_PROFILE_NAMES, { error: `must be one of ${RPC_PROFILE_NAMES.join(', ')}` })
    .optional(),
});

/** What a process talking to the chain's node adds to the base. */
export const nodeEnv = {
  /** HTTP JSON-RPC; defaults to the deployment's rpcUrl. */
  SKALD_RPC_URL: url(['http:', 'https:']).optional(),
  /** WebSocket for new heads; defaults to the RPC URL's ws:// twin on a loopback node, else none (polling). */
  SKALD_WS_URL: url(['ws:', 'wss:']).optional(),
  /**
   * Calls per second the endpoint allows (a provider's plan, a public endpoint's stated limit): the indexer's
   * RPC limiter starts there and stays under it, and `npm run verify` paces its reads to it. Unset: no known
   * limit (Ponder starts at 20/s per URL and finds the limit from 429s).
   */
  SKALD_RPC_RATE: positiveInt.min(3).max(500).optional(),
};

export { isLoopbackUrl, loopbackWsTwin, nodeUrls } from './node.ts';

/**
 * Parses `env` with `schema` for the named part (`'gateway'`, `'indexer'`...). Every problem is listed: the
 * schema's, then those `check` finds in the parsed values (rules across variables).
 */
export function parseEnv<S extends z.ZodType>(
  part: string,
  schema: S,
  env: Record<string, string | undefined>,
  check?: (parsed: z.output<S>) => string[],
): z.output<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  const problems = result.success
    ? (check?.(result.data) ?? [])
    : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (!result.success || problems.length > 0) throw new EnvError(part, problems);
  return result.data;
}

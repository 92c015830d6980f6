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

/** Ponder's --views-schema: the stable schema readers query. */
export const viewsSchema = z
  .string()
  .regex(/^[a-z_][a-z0-9_]{0,44}$/, 'must be a lower-case SQL identifier of at most 45 characters')
  .default('skald');

/** Variables that mean the same in every process that reads them. */
export const baseEnv = z.object({
  /** The deployment file (chain/src/deployment.ts); defaults to deployments/local.json. */
  SKALD_DEPLOYMENT: z.string().min(1).optional(),
});

/** What a process talking to the chain's node adds to the base. */
export const nodeEnv = {
  /** HTTP JSON-RPC; defaults to the deployment's rpcUrl. */
  SKALD_RPC_URL: url(['http:', 'https:']).optional(),
  /** WebSocket for new heads; defaults to the RPC URL's ws:// twin on a loopback node, else none (polling). */
  SKALD_WS_URL: url(['ws:', 'wss:']).optional(),
};

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

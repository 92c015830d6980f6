/**
 * Database environment shared by every reader and by `npm start`; parsed once, all problems listed. PG_PORT and
 * PG_DATA take their rule and default from @skald/env's `sharedEnv` (the same as `npm start`'s).
 */
import { parseEnv, postgresUrl, sharedEnv, viewsSchema } from '@skald/env';
import { z } from 'zod';

export const dbEnvSchema = z.object({
  /** Postgres to use; when unset, embedded Postgres on PG_PORT with its data in PG_DATA. */
  DATABASE_URL: postgresUrl.optional(),
  /** The stable schema readers query (Ponder's --views-schema). */
  SKALD_VIEWS_SCHEMA: viewsSchema,
  /** Where embedded Postgres keeps its data (default .data/postgres at the repo root). */
  PG_DATA: sharedEnv.PG_DATA,
  /** Port for embedded Postgres (default 54329). */
  PG_PORT: sharedEnv.PG_PORT,
});

export type DbEnv = z.infer<typeof dbEnvSchema>;

export function parseDbEnv(env: Record<string, string | undefined> = process.env): DbEnv {
  return parseEnv('database', dbEnvSchema, env);
}

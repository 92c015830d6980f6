/** Database environment shared by every reader and by `npm start`; parsed once, all problems listed. */
import { parseEnv, postgresUrl, viewsSchema } from '@skald/env';
import { z } from 'zod';

export const dbEnvSchema = z.object({
  /** Postgres to use; when unset, `npm start` runs embedded Postgres under SKALD_DATA_DIR. */
  DATABASE_URL: postgresUrl.optional(),
  /** The stable schema readers query (Ponder's --views-schema). */
  SKALD_VIEWS_SCHEMA: viewsSchema,
  /** Where embedded Postgres keeps its data (default .data/postgres at the repo root). */
  SKALD_DATA_DIR: z.string().min(1).optional(),
  /** Port for embedded Postgres (default 54329). */
  SKALD_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
});

export type DbEnv = z.infer<typeof dbEnvSchema>;

export function parseDbEnv(env: Record<string, string | undefined> = process.env): DbEnv {
  return parseEnv('database', dbEnvSchema, env);
}

/** Database environment shared by every reader and by `npm start`; parsed once, all problems listed. */
import { z } from 'zod';

export const dbEnvSchema = z.object({
  /** Postgres to use; when unset, `npm start` runs embedded Postgres under SKALD_DATA_DIR. */
  DATABASE_URL: z
    .string()
    .url()
    .refine((v) => /^postgres(ql)?:$/.test(new URL(v).protocol), 'must be a postgres:// URL')
    .optional(),
  /** The stable schema readers query (Ponder's --views-schema). */
  SKALD_VIEWS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,44}$/, 'must be a lower-case SQL identifier of at most 45 characters')
    .default('skald'),
  /** Where embedded Postgres keeps its data (default .data/postgres at the repo root). */
  SKALD_DATA_DIR: z.string().min(1).optional(),
  /** Port for embedded Postgres (default 54329). */
  SKALD_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
});

export type DbEnv = z.infer<typeof dbEnvSchema>;

export class DbEnvError extends Error {
  override name = 'DbEnvError';
}

export function parseDbEnv(env: Record<string, string | undefined> = process.env): DbEnv {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = dbEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new DbEnvError(`invalid database environment:\n${problems.join('\n')}`);
  }
  return result.data;
}

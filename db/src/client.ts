/**
 * The reader's connection: postgres.js with the search path set to the views schema, so the drizzle tables
 * (declared without a schema) and plain SQL both read what Ponder publishes there, whichever deployment schema
 * is live behind it.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as tables from './tables/index.ts';

export type SkaldDbOptions = {
  databaseUrl: string;
  viewsSchema?: string;
  /** pool size (default 5) */
  max?: number;
};

export function createDb(options: SkaldDbOptions) {
  const viewsSchema = options.viewsSchema ?? 'skald';
  const sql = postgres(options.databaseUrl, {
    max: options.max ?? 5,
    onnotice: () => {},
    connection: { search_path: `"${viewsSchema}"` },
  });
  const db = drizzle(sql, { schema: tables });
  return { sql, db, viewsSchema, close: () => sql.end({ timeout: 5 }) };
}

export type SkaldDb = ReturnType<typeof createDb>;

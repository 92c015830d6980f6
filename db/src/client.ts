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
  const db = drizzle(numericBigints(sql), { schema: tables });
  return { sql, db, viewsSchema, close: () => sql.end({ timeout: 5 }) };
}

export type SkaldDb = ReturnType<typeof createDb>;

/**
 * postgres.js sends a JS bigint as int8, which cannot hold a uint64 above 2^63-1 (a valid id up to 2^64-1 would
 * fail with "out of range" instead of matching nothing). Ponder's numeric(78) columns pass bigints through as
 * they are, so drizzle's queries send them as text instead; Postgres reads them as the column's numeric.
 */
function numericBigints(sql: postgres.Sql): postgres.Sql {
  const asText = (params: unknown[] | undefined) =>
    params?.map((v) => (typeof v === 'bigint' ? v.toString() : v)) as postgres.ParameterOrJSON<never>[];
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (query: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, asText(params), options);
      return Reflect.get(target, property, receiver);
    },
  });
}

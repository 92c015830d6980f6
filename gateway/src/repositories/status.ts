/** Readiness facts: can we reach Postgres, and has Ponder finished its historical sync? */
import type { SkaldDb } from '@skald/db';

export function statusRepository({ sql, viewsSchema }: SkaldDb) {
  return {
    async ping(): Promise<void> {
      await sql`select 1`;
    },
    /** Ponder marks `_ponder_meta.value.is_ready = 1` once the historical backfill is done. */
    async indexerReady(): Promise<boolean> {
      const rows =
        await sql`select value->>'is_ready' as ready from ${sql(viewsSchema)}._ponder_meta where key = 'app'`;
      return rows[0]?.ready === '1';
    },
  };
}

export type StatusRepository = ReturnType<typeof statusRepository>;

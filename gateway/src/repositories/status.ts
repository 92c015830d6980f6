/** Readiness facts from the views schema: can we reach Postgres, how far has Ponder indexed, is its backfill done? */
import type { SkaldDb } from '@skald/db';

/** Ponder's checkpoint string: block timestamp (10 digits), chain id (16), block number (16), then the event. */
export function decodeCheckpointBlock(checkpoint: string): { block: number; timestamp: number } {
  return { timestamp: Number(checkpoint.slice(0, 10)), block: Number(checkpoint.slice(26, 42)) };
}

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
    /** The last block the indexer committed (its checkpoint), or null before its first. */
    async indexedHead(): Promise<{ block: number; timestamp: number } | null> {
      const rows =
        await sql`select latest_checkpoint as checkpoint from ${sql(viewsSchema)}._ponder_checkpoint order by chain_id limit 1`;
      const checkpoint = rows[0]?.checkpoint as string | undefined;
      return checkpoint ? decodeCheckpointBlock(checkpoint) : null;
    },
  };
}

export type StatusRepository = ReturnType<typeof statusRepository>;

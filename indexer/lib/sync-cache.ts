/**
 * The stale-cache trap: Ponder caches RPC results in the `ponder_sync` schema by chain id. After an anvil restart
 * the chain id is the same but the chain is not, and the cache would replay the old chain's logs. We keep the hash
 * of the deployment's start block per chain id in `skald_meta.chain_marker`; when it differs (or is unknown while
 * a cache exists) the cache is dropped before Ponder starts.
 */
import type { Sql } from 'postgres';

export async function ensureFreshSyncCache(
  sql: Sql,
  chainId: number,
  startBlockHash: string,
  log: (line: string) => void,
): Promise<'kept' | 'dropped' | 'new'> {
  await sql`CREATE SCHEMA IF NOT EXISTS skald_meta`;
  await sql`CREATE TABLE IF NOT EXISTS skald_meta.chain_marker (
    chain_id bigint PRIMARY KEY, start_block_hash text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`;
  return sql.begin(async (tx) => {
    // one starter at a time decides
    await tx`SELECT pg_advisory_xact_lock(5611001)`;
    const [marker] = await tx<{ start_block_hash: string }[]>`
      SELECT start_block_hash FROM skald_meta.chain_marker WHERE chain_id = ${chainId}`;
    const [cache] = await tx`SELECT 1 FROM pg_namespace WHERE nspname = 'ponder_sync'`;
    let outcome: 'kept' | 'dropped' | 'new' = 'kept';
    if (marker?.start_block_hash !== startBlockHash) {
      if (cache) {
        log(
          `chain ${chainId} is not the chain ponder_sync cached (start block hash changed): dropping the cache`,
        );
        await tx`DROP SCHEMA ponder_sync CASCADE`;
        outcome = 'dropped';
      } else outcome = 'new';
      await tx`INSERT INTO skald_meta.chain_marker (chain_id, start_block_hash) VALUES (${chainId}, ${startBlockHash})
        ON CONFLICT (chain_id) DO UPDATE SET start_block_hash = excluded.start_block_hash, updated_at = now()`;
    }
    return outcome;
  });
}

/**
 * After a reorg deeper than Ponder's finality (it exits on one; see patch 017), the deployment schema holds rows
 * of blocks that left the chain, below the checkpoint Ponder would resume from, and `ponder_sync` caches their
 * logs. Ponder cannot undo that by itself. The last blocks Ponder finalized (cached in `ponder_sync.blocks`) are
 * compared with the chain: when one is no longer on it, the cache and the deployment schema are dropped, so
 * Ponder indexes the chain as it now is from the start (the views schema follows once it has caught up).
 * Returns the first orphaned block number, or null when the index is on the chain.
 */
export async function dropOrphanedIndex(
  sql: Sql,
  options: {
    chainId: number;
    schema: string;
    /** the chain's hash at a block number, null when the chain has no such block */
    blockHash(number: bigint): Promise<string | null>;
    log: (line: string) => void;
  },
): Promise<bigint | null> {
  const [cache] =
    await sql`SELECT 1 FROM pg_tables WHERE schemaname = 'ponder_sync' AND tablename = 'blocks'`;
  if (!cache) return null;
  const cached = await sql<{ number: string; hash: string }[]>`
    SELECT number::text AS number, hash FROM ponder_sync.blocks WHERE chain_id = ${options.chainId}
    ORDER BY blocks.number DESC LIMIT 8`;
  let orphaned: bigint | null = null;
  for (const block of cached) {
    const number = BigInt(block.number);
    if ((await options.blockHash(number)) !== block.hash) orphaned = number;
    else break;
  }
  if (orphaned === null) return null;
  options.log(
    `block ${orphaned} the index holds is no longer on the chain (a reorg deeper than finality): dropping the sync cache and schema ${options.schema} to index the chain again`,
  );
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(5611001)`;
    await tx`DROP SCHEMA IF EXISTS ponder_sync CASCADE`;
    await tx`DROP SCHEMA IF EXISTS ${tx(options.schema)} CASCADE`;
  });
  return orphaned;
}

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

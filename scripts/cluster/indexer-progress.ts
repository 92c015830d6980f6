/**
 * The indexer's progress for the cluster's supervisor, as `npm start` judges it (scripts/stack.ts): its committed
 * head (the deployment schema's checkpoint, on the primary) against the chain's head. Stuck when the head stays
 * put while the chain moves `blocks` past it for at least `seconds`; when the database or the chain cannot be
 * read, the check cannot tell (it throws).
 */
import postgres from 'postgres';
import { createStallDetector, rpcCall, within } from '../lib/progress.ts';

const PROBE_TIMEOUT_MS = 3000;

export function indexerProgress(options: {
  databaseUrl: string;
  schema: () => string | undefined;
  rpcUrl: string;
  blocks: number;
  seconds: number;
}) {
  let detector: ReturnType<typeof createStallDetector> | undefined;
  let since = 0;
  let sql: postgres.Sql | undefined;
  return async (startedAt: number): Promise<string | null> => {
    if (since !== startedAt || !detector) {
      since = startedAt;
      detector = createStallDetector({ blocks: options.blocks, ms: options.seconds * 1000 });
    }
    const schema = options.schema();
    if (!schema) return null;
    sql ??= postgres(options.databaseUrl, {
      max: 1,
      connect_timeout: PROBE_TIMEOUT_MS / 1000,
      idle_timeout: 30,
      onnotice: () => {},
    });
    const db = sql;
    const [rows, chainHex] = await Promise.all([
      within(
        db<
          { c: string }[]
        >`select latest_checkpoint as c from ${db(schema)}._ponder_checkpoint order by chain_id limit 1`,
        PROBE_TIMEOUT_MS,
        'the indexer checkpoint',
      ),
      rpcCall<string>(options.rpcUrl, 'eth_blockNumber', [], PROBE_TIMEOUT_MS),
    ]);
    const checkpoint = rows[0]?.c;
    if (!checkpoint) return null;
    return detector.observe({ head: Number(checkpoint.slice(26, 42)), chain: Number(chainHex) });
  };
}

/**
 * Patch 018 (views-at-head), on a quiet chain (no block is mined while the indexers run):
 * - a started indexer indexes up to the chain's head at once: its backfill ends at the finalized block, and the
 *   blocks after it used to wait for the next block a websocket subscription heard;
 * - a second deployment started beside the first (another schema, the same views schema) takes the views over
 *   only once it stands where the first one does, so a reader of the views never goes back;
 * - a deployment the views read that is no longer running is not waited for, wherever its checkpoint stands.
 */
import { playWorld, startChain, type TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import { createTestDatabase } from '@skald/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedBlock, openReader, startTestIndexer, waitForIndexed } from '../lib/harness.ts';
import type { RunningIndexer } from '../lib/ponder-process.ts';

let chain: TestChain;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const indexers: RunningIndexer[] = [];
let reader: SkaldDb;

beforeAll(async () => {
  chain = await startChain();
  database = await createTestDatabase();
  // more blocks than Ponder's finality depth, so the head is past the finalized block
  const played = await playWorld(chain, 120, { seed: 18 });
  expect(played.actions).toBeGreaterThan(100);
}, 180_000);

afterAll(async () => {
  await reader?.close();
  for (const indexer of indexers) await indexer.stop();
  await chain?.stop();
  await database?.drop();
});

/** the deployment schema the views read */
async function viewedSchema(): Promise<string | undefined> {
  const [row] = await reader.sql<{ definition: string }[]>`
    select definition from pg_views where schemaname = 'skald' and viewname = '_ponder_checkpoint'`;
  return row?.definition.match(/"?(\w+)"?\._ponder_checkpoint/)?.[1];
}

describe('views at the head (patch 018)', () => {
  it('indexes to the head of a quiet chain without waiting for another block', async () => {
    const first = await startTestIndexer(chain, database, { schema: 'skald_first' });
    indexers.push(first);
    await first.ready(180_000);
    reader = openReader(database);
    const head = await waitForIndexed(reader, chain, { nudge: false, timeoutMs: 20_000 });
    expect(await indexedBlock(reader)).toBe(head);
    expect(await viewedSchema()).toBe('skald_first');
  }, 240_000);

  it('a second deployment takes the views over only where the first one stands', async () => {
    // (mining a block if need be: this test stands on its own)
    const before = await waitForIndexed(reader, chain);
    const second = await startTestIndexer(chain, database, { schema: 'skald_second' });
    indexers.push(second);
    const seen: bigint[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        seen.push(await indexedBlock(reader));
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await second.ready(180_000);
    watching = false;
    await watcher;
    expect(await viewedSchema()).toBe('skald_second');
    expect(await indexedBlock(reader)).toBe(before);
    expect(seen.filter((block) => block !== before)).toEqual([]);
  }, 240_000);

  it('does not wait for a stopped deployment the views read, even one that stands further', async () => {
    const second = indexers.pop() as RunningIndexer;
    await second.stop();
    // as the views of an earlier chain would be: ahead of anything this chain has
    await reader.sql`update skald_second._ponder_checkpoint set latest_checkpoint = ${'9'.repeat(75)}`;
    // and no heartbeat for a minute (a stop leaves the lock taken; Ponder's lock lapses 25 s after the heartbeat)
    await reader.sql`
      update skald_second._ponder_meta
      set value = jsonb_set(value, '{heartbeat_at}', to_jsonb(${Date.now() - 60_000}::bigint)) where key = 'app'`;
    const third = await startTestIndexer(chain, database, { schema: 'skald_third' });
    indexers.push(third);
    await third.ready(60_000);
    expect(await viewedSchema()).toBe('skald_third');
  }, 120_000);
});

import { playWorld, startChain, type TestChain } from '@skald/chain/local';
import { createTestDatabase, type SkaldDb } from '@skald/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReader, startTestIndexer, waitForIndexed } from '../lib/harness.ts';
import { databaseCalls } from '../lib/metrics.ts';
import type { RunningIndexer } from '../lib/start.ts';
import { expectActivityEqualsChain, expectTablesEqualChain } from './chain-truth.ts';

let chain: TestChain;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let indexer: RunningIndexer;
let reader: SkaldDb;

beforeAll(async () => {
  chain = await startChain();
  database = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await reader?.close();
  await indexer?.stop();
  await chain?.stop();
  await database?.drop();
});

describe('a simulated world', () => {
  it('indexes a backfill and then follows live play, equal to chain truth', async () => {
    const first = await playWorld(chain, 250, { seed: 7 });
    expect(first.actions).toBeGreaterThan(200);
    indexer = await startTestIndexer(chain, database);
    await indexer.ready(180_000);
    // a backfill into an empty database builds its events from the data it just fetched: it writes the sync
    // cache but never reads logs back from it
    const calls = await databaseCalls(indexer.url);
    expect(calls.get('insert_logs')).toBeGreaterThan(0);
    expect(calls.get('select_logs')).toBeUndefined();
    reader = openReader(database);
    // live: the world keeps playing while the indexer follows
    await playWorld(chain, 150, { seed: 8 });
    const head = await waitForIndexed(reader, chain);
    const rows = await expectActivityEqualsChain(reader, chain, head);
    expect(rows).toBeGreaterThan(400);
    const counts = await expectTablesEqualChain(reader, chain);
    expect(counts.veras).toBeGreaterThan(10);
    const methods = await reader.sql<{ method: string }[]>`SELECT DISTINCT method FROM mint ORDER BY 1`;
    expect(methods.map((m) => m.method)).toEqual(expect.arrayContaining(['admin_grantVera', 'encounter']));
  }, 400_000);
});

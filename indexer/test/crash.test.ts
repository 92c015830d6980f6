import { playWorld, startChain, type TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import { createTestDatabase } from '@skald/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedBlock, openReader, startTestIndexer, waitForIndexed } from '../lib/harness.ts';
import { databaseCalls } from '../lib/metrics.ts';
import type { RunningIndexer } from '../lib/ponder-process.ts';
import { expectActivityEqualsChain, expectTablesEqualChain } from './chain-truth.ts';

let chain: TestChain;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let indexer: RunningIndexer | undefined;
let reader: SkaldDb;

beforeAll(async () => {
  chain = await startChain();
  database = await createTestDatabase();
  reader = openReader(database);
}, 120_000);

afterAll(async () => {
  await reader?.close();
  await indexer?.stop();
  await chain?.stop();
  await database?.drop();
});

const killed = (i: RunningIndexer) =>
  new Promise<void>((resolve) => {
    i.process.once('exit', () => resolve());
    i.process.kill('SIGKILL');
  });

async function expectEqualsChain() {
  const head = await waitForIndexed(reader, chain, { timeoutMs: 180_000 });
  await expectActivityEqualsChain(reader, chain, head);
  await expectTablesEqualChain(reader, chain);
}

describe('kill -9', () => {
  it('in the middle of the backfill: the restart resumes with nothing lost or doubled', async () => {
    await playWorld(chain, 400, { seed: 11 });
    let sawProgress: () => void = () => {};
    const progressed = new Promise<void>((r) => {
      sawProgress = r;
    });
    indexer = await startTestIndexer(chain, database, {
      log: (line) => {
        if (line.includes('Indexed block range')) sawProgress();
      },
      // small getLogs ranges make the backfill a series of steps to interrupt
      env: { SKALD_GETLOGS_RANGE: '40' },
    });
    const first = indexer;
    await progressed;
    await killed(first);
    expect(first.process.signalCode).toBe('SIGKILL');

    indexer = await startTestIndexer(chain, database, { env: { SKALD_GETLOGS_RANGE: '40' } });
    expect(indexer.schema).toBe(first.schema);
    await indexer.ready(180_000);
    // the restart finds the synced intervals cached and reads them back from the database
    const calls = await databaseCalls(indexer.url);
    expect(calls.get('select_logs')).toBeGreaterThan(0);
    await expectEqualsChain();
  }, 300_000);

  it('in the middle of live indexing: the restart catches up with nothing lost or doubled', async () => {
    const start = await indexedBlock(reader);
    const world = playWorld(chain, 200, { seed: 12 });
    while ((await indexedBlock(reader)) < start + 40n) await new Promise((r) => setTimeout(r, 50));
    const live = indexer as RunningIndexer;
    await killed(live);
    await world;
    indexer = await startTestIndexer(chain, database, { env: { SKALD_GETLOGS_RANGE: '40' } });
    await indexer.ready(180_000);
    await expectEqualsChain();
  }, 300_000);
});

import { allSkaldAbis, skaldChain } from '@skald/chain';
import { playWorld, startChain, type TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import { createTestDatabase } from '@skald/db/testing';
import { createPublicClient, createTestClient, createWalletClient, type Hex, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReader, startTestIndexer, waitForIndexed } from '../lib/harness.ts';
import { databaseCalls } from '../lib/metrics.ts';
import type { RunningIndexer } from '../lib/ponder-process.ts';
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
    const client = createPublicClient({ chain: skaldChain, transport: http(chain.anvil.rpcUrl) });
    // live: the world keeps playing while the indexer follows
    await playWorld(chain, 150, { seed: 8 });
    // a live rename to text that SQL must quote and escape (a live block's rows are sent as inlined literals)
    const [renamed] = await reader.sql<
      { id: string; account: Hex }[]
    >`SELECT id, account FROM character ORDER BY id LIMIT 1`;
    if (!renamed) throw new Error('the world made no character');
    const trickyName = `O'Brien \\ "Ø";\n--`;
    await createTestClient({
      mode: 'anvil',
      chain: skaldChain,
      transport: http(chain.anvil.rpcUrl),
    }).impersonateAccount({
      address: renamed.account,
    });
    const owner = createWalletClient({
      account: renamed.account,
      chain: skaldChain,
      transport: http(chain.anvil.rpcUrl),
    });
    const renameHash = await owner.writeContract({
      address: chain.deployment.contracts.Characters,
      abi: allSkaldAbis,
      functionName: 'setCharacterName',
      args: [BigInt(renamed.id), trickyName],
    });
    expect((await client.waitForTransactionReceipt({ hash: renameHash })).status).toBe('success');
    const head = await waitForIndexed(reader, chain);
    const [named] = await reader.sql<{ name: string }[]>`SELECT name FROM character WHERE id = ${renamed.id}`;
    expect(named?.name).toBe(trickyName);
    const rows = await expectActivityEqualsChain(reader, chain, head);
    expect(rows).toBeGreaterThan(400);
    const counts = await expectTablesEqualChain(reader, chain);
    expect(counts.veras).toBeGreaterThan(10);
    const methods = await reader.sql<{ method: string }[]>`SELECT DISTINCT method FROM mint ORDER BY 1`;
    expect(methods.map((m) => m.method)).toEqual(expect.arrayContaining(['admin_grantVera', 'encounter']));
  }, 400_000);
});

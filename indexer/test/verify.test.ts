/**
 * The verifier (lib/verify) against a real index: 0 mismatches on an honest one, and each kind of damage found
 * and counted in its table: a missing row, an orphaned row, a wrong owner, a wrong balance.
 */
import { playWorld, startChain, type TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import { createTestDatabase, type TestDatabase } from '@skald/db/testing';
import { encodeCursor } from '@skald/game';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReader, startTestIndexer, waitForIndexed } from '../lib/harness.ts';
import type { RunningIndexer } from '../lib/ponder-process.ts';
import { formatReport, type VerifyReport, verifyIndex } from '../lib/verify/index.ts';

let chain: TestChain;
let database: TestDatabase;
let indexer: RunningIndexer;
let reader: SkaldDb;
/** the indexer's own schema (the views schema only selects from it) */
let owner: postgres.Sql;

beforeAll(async () => {
  chain = await startChain();
  database = await createTestDatabase();
  await playWorld(chain, 150, { seed: 7 });
  indexer = await startTestIndexer(chain, database);
  await indexer.ready(180_000);
  reader = openReader(database);
  await waitForIndexed(reader, chain);
  // nothing writes the index while its rows are damaged below
  await indexer.stop();
  owner = postgres(database.databaseUrl, {
    max: 1,
    onnotice: () => {},
    // Ponder's triggers on its tables feed its live queries, which are not running here
    connection: { search_path: `"${indexer.schema}"`, session_replication_role: 'replica' },
  });
}, 300_000);

afterAll(async () => {
  await owner?.end({ timeout: 5 });
  await reader?.close();
  await indexer?.stop();
  await chain?.stop();
  await database?.drop();
});

const verify = (range: { fromBlock?: bigint; toBlock?: bigint } = {}) =>
  verifyIndex({ sql: reader.sql, deployment: chain.deployment, rpcUrl: chain.anvil.rpcUrl, ...range });

const mismatchesByTable = (report: VerifyReport) =>
  Object.fromEntries(report.tables.filter((t) => t.mismatches > 0).map((t) => [t.table, t.mismatches]));

describe('the verifier', () => {
  it('finds nothing wrong with an honest index, and says what it compared', async () => {
    const report = await verify();
    const text = formatReport(report).join('\n');
    expect(mismatchesByTable(report), text).toEqual({});
    expect(report.mismatches).toBe(0);
    const checked = Object.fromEntries(report.tables.map((t) => [t.table, t.checked]));
    expect(checked.activity, text).toBeGreaterThan(150);
    expect(checked.vera, text).toBeGreaterThan(10);
    expect(checked.mint, text).toBeGreaterThan(3);
    expect(checked.currency_change, text).toBeGreaterThan(10);
    expect(report.fromBlock).toBe(BigInt(chain.deployment.startBlock));
    expect(text).toMatch(/^activity\s+\d+ checked\s+0 mismatches$/m);
    expect(text).toMatch(/^OK: 0 mismatches/m);
  });

  it('reports each damaged row in its table, and only within the block range asked', async () => {
    // a missing activity row, an orphan (a mint row moved to a block with no such log), a wrong owner
    const [victim] = await owner<{ cursor: string; block_number: string }[]>`
      DELETE FROM activity WHERE cursor = (SELECT max(cursor) FROM activity WHERE event = 'RunixChanged')
      RETURNING cursor, block_number::text`;
    const [moved] = await owner<{ vera_id: string }[]>`
      UPDATE mint SET log_index = log_index + 1000
      WHERE vera_id = (SELECT min(vera_id) FROM mint) RETURNING vera_id::text`;
    const [stolen] = await owner<{ id: string }[]>`
      UPDATE vera SET owner = '0x000000000000000000000000000000000000dead'
      WHERE id = (SELECT max(id) FROM vera) RETURNING id::text`;
    const [poorer] = await owner<{ character_id: string }[]>`
      UPDATE inventory SET runix = runix + 1
      WHERE character_id = (SELECT min(character_id) FROM inventory) RETURNING character_id::text`;
    expect([victim, moved, stolen, poorer].every(Boolean)).toBe(true);

    const report = await verify({ toBlock: 10_000_000n });
    const text = formatReport(report).join('\n');
    const found = mismatchesByTable(report);
    // the moved mint row is missing at its log (a log with no row) and sits where the chain has no log (a row
    // with no log); the stolen vera's owner differs, and so do both owners' vera counts (balanceOf)
    expect(found, text).toEqual({ activity: 1, mint: 2, vera: 3, inventory: 1 });
    expect(text).toContain(`log ${victim?.cursor} (Inventory:RunixChanged`);
    expect(text).toMatch(new RegExp(`owner of vera ${stolen?.id}: index "0x0+dead"`));
    expect(text).toMatch(new RegExp(`runix of ${poorer?.character_id}: index `));
    expect(text).toMatch(/^MISMATCH: 7 mismatches/m);

    // the same damage outside the range asked is not an event-row mismatch (the state is compared whole)
    const before = await verify({ toBlock: BigInt(victim?.block_number as string) - 1n });
    expect(before.tables.find((t) => t.table === 'activity')?.mismatches).toBe(0);
    expect(encodeCursor({ blockNumber: before.toBlock, logIndex: 0 }) < (victim?.cursor as string)).toBe(
      true,
    );
  });
});

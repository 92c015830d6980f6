import { anvilRpc } from '@skald/chain';
import type { TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import type { TestDatabase } from '@skald/db/testing';
import { encodeFunctionData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForIndexed } from '../lib/harness.ts';
import type { RunningIndexer } from '../lib/ponder-process.ts';
import { expectActivityEqualsChain, expectTablesEqualChain } from './chain-truth.ts';
import { abi, admin, logInto, startIndexedWorld, stopIndexedWorld } from './indexed-world.ts';

let chain: TestChain;
let database: TestDatabase;
let indexer: RunningIndexer;
let reader: SkaldDb;
/** Ponder's log lines, to tell whether queued blocks were indexed together. */
const ponderLines: string[] = [];
const rpc = <T>(method: string, params: unknown[] = []) => anvilRpc<T>(chain.anvil.rpcUrl, method, params);

/** An admin transaction, automined into its own block. */
async function adminTx(to: `0x${string}`, data: `0x${string}`) {
  const hash = await rpc<string>('eth_sendTransaction', [{ from: admin, to, data, gas: '0x2dc6c0' }]);
  for (;;) {
    const receipt = await rpc<{ status: string } | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) return expect(receipt.status).toBe('0x1');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  ({ chain, database, indexer, reader } = await startIndexedWorld(80, 3, logInto(ponderLines)));
}, 300_000);

afterAll(() => stopIndexedWorld({ reader, indexer, chain, database }));

describe('reorgs', () => {
  for (const depth of [1, 2, 3, 4, 5]) {
    it(`a reorg of depth ${depth} leaves the database equal to the canonical chain`, async () => {
      const { Veras, Inventory } = chain.deployment.contracts;
      // depth blocks, each minting a vera the reorg will orphan
      for (let i = 0; i < depth; i++)
        await adminTx(
          Veras,
          encodeFunctionData({ abi, functionName: 'admin_grantVera', args: [1n, 3, 2, 2, 2, 1, false] }),
        );
      const before = await waitForIndexed(reader, chain, { nudge: false });
      const [orphaned] = await reader.sql<{ n: string }[]>`
        SELECT count(*) AS n FROM mint WHERE block_number > ${(before - BigInt(depth)).toString()}`;
      expect(Number(orphaned?.n)).toBe(depth);

      // the replacement chain holds a runix grant instead of the mints
      const grant = encodeFunctionData({ abi, functionName: 'admin_grantRunix', args: [1n, 77n] });
      await rpc('anvil_reorg', [depth, [[{ from: admin, to: Inventory, data: grant, gas: '0x2dc6c0' }, 0]]]);
      await rpc('evm_mine');
      const head = await waitForIndexed(reader, chain, { block: before + 1n });

      const [left] = await reader.sql<{ n: string }[]>`
        SELECT count(*) AS n FROM mint WHERE block_number > ${(before - BigInt(depth)).toString()}`;
      expect(Number(left?.n), 'orphaned mints removed').toBe(0);
      await expectActivityEqualsChain(reader, chain, head);
      await expectTablesEqualChain(reader, chain);
    }, 120_000);
  }
});

/** `count` blocks mined back to back without waiting for the indexer, each minting one vera. */
async function burstOfMints(count: number) {
  const data = encodeFunctionData({
    abi,
    functionName: 'admin_grantVera',
    args: [1n, 3, 2, 2, 2, 1, false],
  });
  await rpc('evm_setAutomine', [false]);
  try {
    for (let i = 0; i < count; i++) {
      await rpc('eth_sendTransaction', [
        { from: admin, to: chain.deployment.contracts.Veras, data, gas: '0x2dc6c0' },
      ]);
      await rpc('evm_mine');
    }
  } finally {
    await rpc('evm_setAutomine', [true]);
  }
}

/** The largest number of blocks Ponder indexed in one transaction (its "Indexed block" lines). */
function largestBlockBatch(lines: string[]) {
  let largest = 0;
  for (const line of lines) {
    const match = /Indexed block\b(?! range).*?block_count\D{1,4}(\d+)/.exec(line);
    if (match) largest = Math.max(largest, Number(match[1]));
  }
  return largest;
}

describe('deep reorgs over blocks that were indexed together', () => {
  // Ponder treats blocks older than 30 as final for this chain; these stay inside that window
  for (const depth of [8, 16, 25]) {
    it(`a reorg of depth ${depth} over a burst of ${depth + 4} blocks leaves the database equal to the canonical chain`, async () => {
      const { Inventory } = chain.deployment.contracts;
      const linesBefore = ponderLines.length;
      await burstOfMints(depth + 4);
      const before = await waitForIndexed(reader, chain, { nudge: false });
      const since = (before - BigInt(depth)).toString();
      const [orphaned] = await reader.sql<
        { n: string }[]
      >`SELECT count(*) AS n FROM mint WHERE block_number > ${since}`;
      expect(Number(orphaned?.n)).toBe(depth);
      // the burst queued behind the indexer and some blocks were committed together
      expect(largestBlockBatch(ponderLines.slice(linesBefore))).toBeGreaterThan(1);

      // the replacement chain: runix grants in its first and last block, the blocks between empty
      const grant = encodeFunctionData({ abi, functionName: 'admin_grantRunix', args: [2n, 11n] });
      const tx = { from: admin, to: Inventory, data: grant, gas: '0x2dc6c0' };
      await rpc('anvil_reorg', [
        depth,
        [
          [tx, 0],
          [tx, depth - 1],
        ],
      ]);
      await rpc('evm_mine');
      const head = await waitForIndexed(reader, chain, { block: before + 1n });

      const [left] = await reader.sql<
        { n: string }[]
      >`SELECT count(*) AS n FROM mint WHERE block_number > ${since}`;
      expect(Number(left?.n), 'orphaned mints removed').toBe(0);
      const [kept] = await reader.sql<{ n: string }[]>`
        SELECT count(*) AS n FROM mint WHERE block_number > ${(before - BigInt(depth + 4)).toString()}`;
      expect(Number(kept?.n), 'mints below the fork kept').toBe(4);
      await expectActivityEqualsChain(reader, chain, head);
      await expectTablesEqualChain(reader, chain);
    }, 180_000);
  }
});

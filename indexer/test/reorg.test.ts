import { ANVIL_MNEMONIC, allSkaldAbis } from '@skald/chain';
import type { SkaldDb } from '@skald/db';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningIndexer } from '../lib/start.ts';
import { expectActivityEqualsChain, expectTablesEqualChain } from './chain-truth.ts';
import {
  createTestDatabase,
  openReader,
  playWorld,
  startChain,
  startTestIndexer,
  type TestChain,
  waitForIndexed,
} from './setup.ts';

let chain: TestChain;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let indexer: RunningIndexer;
let reader: SkaldDb;
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;
const abi = allSkaldAbis as Abi;

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(chain.anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const json = (await res.json()) as { result: T; error?: { message: string } };
  if (json.error) throw new Error(`${method}: ${json.error.message}`);
  return json.result;
}

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
  chain = await startChain();
  database = await createTestDatabase();
  await playWorld(chain, 80, { seed: 3 });
  indexer = await startTestIndexer(chain, database);
  await indexer.ready(180_000);
  reader = openReader(database);
  await waitForIndexed(reader, chain);
}, 300_000);

afterAll(async () => {
  await reader?.close();
  await indexer?.stop();
  await chain?.stop();
  await database?.drop();
});

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

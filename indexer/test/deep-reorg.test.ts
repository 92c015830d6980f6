/**
 * A reorg deeper than Ponder's finality (30 blocks for this chain): Ponder exits instead of logging the same
 * error for every new block (patch 017), and a restarted indexer drops what it indexed of the orphaned blocks
 * (startIndexer's orphan check) and indexes the chain as it now is.
 */
import { anvilRpc } from '@skald/chain';
import type { TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import type { TestDatabase } from '@skald/db/testing';
import { encodeFunctionData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIndexer, waitForIndexed } from '../lib/harness.ts';
import type { RunningIndexer } from '../lib/ponder-process.ts';
import { expectActivityEqualsChain, expectTablesEqualChain } from './chain-truth.ts';
import { abi, admin, logInto, startIndexedWorld, stopIndexedWorld } from './indexed-world.ts';

let chain: TestChain;
let database: TestDatabase;
let indexer: RunningIndexer;
let reader: SkaldDb;
const lines: string[] = [];
const log = logInto(lines);
const rpc = <T>(method: string, params: unknown[] = []) => anvilRpc<T>(chain.anvil.rpcUrl, method, params);

beforeAll(async () => {
  ({ chain, database, indexer, reader } = await startIndexedWorld(40, 7, log));
}, 300_000);

afterAll(() => stopIndexedWorld({ reader, indexer, chain, database }));

describe('a reorg deeper than finality', () => {
  it('makes Ponder exit at once; the restarted indexer drops the orphaned rows and equals the chain', async () => {
    // deeper than the unfinalized blocks Ponder keeps (it finalizes in steps, so up to about twice 30)
    const depth = 100;
    const mint = encodeFunctionData({
      abi,
      functionName: 'admin_grantVera',
      args: [1n, 3, 2, 2, 2, 1, false],
    });
    // depth blocks, each minting a vera the reorg will orphan
    await rpc('evm_setAutomine', [false]);
    try {
      for (let i = 0; i < depth; i++) {
        await rpc('eth_sendTransaction', [
          { from: admin, to: chain.deployment.contracts.Veras, data: mint, gas: '0x2dc6c0' },
        ]);
        await rpc('evm_mine');
      }
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    const before = await waitForIndexed(reader, chain, { nudge: false });
    const since = (before - BigInt(depth)).toString();
    const count = async () =>
      Number(
        (await reader.sql<{ n: string }[]>`SELECT count(*) AS n FROM mint WHERE block_number > ${since}`)[0]
          ?.n,
      );
    expect(await count()).toBe(depth);

    // the replacement chain: a runix grant instead of the mints, then new heads
    const grant = encodeFunctionData({ abi, functionName: 'admin_grantRunix', args: [1n, 5n] });
    const exited = new Promise<number | null>((resolve) =>
      indexer.process.once('exit', (code) => resolve(code)),
    );
    const reorgAt = Date.now();
    await rpc('anvil_reorg', [
      depth,
      [[{ from: admin, to: chain.deployment.contracts.Inventory, data: grant, gas: '0x2dc6c0' }, 0]],
    ]);
    const mining = setInterval(() => void rpc('evm_mine').catch(() => {}), 300);
    let code: number | null;
    try {
      code = await Promise.race([
        exited,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`ponder did not exit:\n${lines.slice(-20).join('\n')}`)), 30_000),
        ),
      ]);
    } finally {
      clearInterval(mining);
    }
    // exits like any other fatal error Ponder retries on (75), within seconds, having said why once
    expect(code).toBe(75);
    expect(Date.now() - reorgAt).toBeLessThan(30_000);
    expect(lines.filter((l) => /Unrecoverable reorg: exiting/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /Encountered unrecoverable reorg/.test(l)).length).toBeLessThanOrEqual(3);

    // what a supervisor does: start it again
    indexer = await startTestIndexer(chain, database, { log });
    await indexer.ready(180_000);
    const head = await waitForIndexed(reader, chain);
    expect(lines.some((l) => /is no longer on the chain \(a reorg deeper than finality\)/.test(l))).toBe(
      true,
    );
    expect(await count(), 'orphaned mints removed').toBe(0);
    await expectActivityEqualsChain(reader, chain, head);
    await expectTablesEqualChain(reader, chain);
  }, 400_000);
});

/**
 * The reorg tests' starting point: a chain that has played a seeded simulated world, a database of its own, the
 * indexer caught up with the chain, and a reader of the index; the chain's admin account and the game's ABI for
 * the transactions and reorgs the tests make.
 */
import { ANVIL_MNEMONIC, allSkaldAbis } from '@skald/chain';
import { playWorld, startChain, type TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import { createTestDatabase, type TestDatabase } from '@skald/db/testing';
import type { Abi } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { openReader, startTestIndexer, waitForIndexed } from '../lib/harness.ts';
import type { RunningIndexer } from '../lib/ponder-process.ts';

export type IndexedWorld = {
  chain: TestChain;
  database: TestDatabase;
  indexer: RunningIndexer;
  reader: SkaldDb;
};

export const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;
export const abi = allSkaldAbis as Abi;

/** A log for Ponder's lines that keeps them in `lines` (and prints them with SKALD_TEST_LOG set). */
export const logInto =
  (lines: string[]) =>
  (line: string): void => {
    lines.push(line);
    if (process.env.SKALD_TEST_LOG) console.log(line);
  };

/** `moves` of the world played with `seed`, then indexed; what was started is stopped again if a step fails. */
export async function startIndexedWorld(
  moves: number,
  seed: number,
  log: (line: string) => void,
): Promise<IndexedWorld> {
  const started: Partial<IndexedWorld> = {};
  try {
    const chain = await startChain();
    started.chain = chain;
    const database = await createTestDatabase();
    started.database = database;
    await playWorld(chain, moves, { seed });
    const indexer = await startTestIndexer(chain, database, { log });
    started.indexer = indexer;
    await indexer.ready(180_000);
    const reader = openReader(database);
    started.reader = reader;
    await waitForIndexed(reader, chain);
    return { chain, database, indexer, reader };
  } catch (error) {
    await stopIndexedWorld(started);
    throw error;
  }
}

export async function stopIndexedWorld(world: Partial<IndexedWorld>): Promise<void> {
  await world.reader?.close();
  await world.indexer?.stop();
  await world.chain?.stop();
  await world.database?.drop();
}

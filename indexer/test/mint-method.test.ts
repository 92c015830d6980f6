import { ANVIL_MNEMONIC, allSkaldAbis, gameContracts, skaldChain } from '@skald/chain';
import { decodeMintMethod, MINT_SELECTORS } from '@skald/chain/activity';
import { PLAIN_ATTRIBUTES, startChain, type TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import { createTestDatabase } from '@skald/db/testing';
import {
  type Abi,
  type Account,
  concat,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hash,
  http,
  type PublicClient,
  pad,
  parseEventLogs,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { openReader, startTestIndexer, waitForIndexed } from '../lib/harness.ts';
import type { RunningIndexer } from '../lib/ponder-process.ts';

describe('decodeMintMethod', () => {
  it('names the three minting selectors and calls everything else other', () => {
    expect(Object.values(MINT_SELECTORS).sort()).toEqual(['admin_grantVera', 'encounter', 'openLootBox']);
    expect(
      decodeMintMethod('0x7672100c0000000000000000000000000000000000000000000000000000000000000001'),
    ).toBe('encounter');
    expect(decodeMintMethod('0xdeadbeef')).toBe('other');
    expect(decodeMintMethod('0x')).toBe('other');
    expect(decodeMintMethod(undefined)).toBe('other');
  });
});

/**
 * A forwarder contract: calldata = 4 arbitrary bytes ++ target (32 bytes) ++ payload; it calls target with the
 * payload. A mint through it has a transaction input whose selector is none of the three: "other".
 */
const FORWARDER_RUNTIME =
  '0x602436036024600037600060006024360360006000600435' + '5af16022576000600' + '0fd5b00';
const FORWARDER_INIT = `0x6024600c60003960246000f3${FORWARDER_RUNTIME.slice(2)}` as const;

let chain: TestChain | undefined;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let indexer: RunningIndexer | undefined;
let reader: SkaldDb | undefined;

afterAll(async () => {
  await reader?.close();
  await indexer?.stop();
  await chain?.stop();
  await database?.drop();
});

describe('mint table on chain', () => {
  it('records encounter, openLootBox, admin_grantVera and other from the transaction input', async () => {
    chain = await startChain();
    database = await createTestDatabase();
    const c = chain;
    const transport = http(c.anvil.rpcUrl);
    const client = createPublicClient({ chain: skaldChain, transport }) as PublicClient;
    const wallet = (i: number) =>
      createWalletClient({
        account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }) as Account,
        chain: skaldChain,
        transport,
      });
    const admin = gameContracts(c.deployment, { public: client, wallet: wallet(0) });
    const player = gameContracts(c.deployment, { public: client, wallet: wallet(1) });
    const mined = async (hash: Promise<Hash> | Hash) => {
      const receipt = await client.waitForTransactionReceipt({ hash: await hash });
      expect(receipt.status).toBe('success');
      return parseEventLogs({ abi: allSkaldAbis as Abi, logs: receipt.logs }) as unknown as {
        eventName: string;
        args: Record<string, unknown>;
      }[];
    };
    const zero = '0x0000000000000000000000000000000000000000';
    const created = await mined(
      player.characters.write.createCharacter([
        zero,
        'Ragna',
        PLAIN_ATTRIBUTES,
        { starterSpecies: 1, starterRune: 1 },
      ]),
    );
    const characterId = created.find((l) => l.eventName === 'CharacterCreated')?.args.characterId as bigint;
    await mined(player.characters.write.login());

    await mined(player.veras.write.encounter([1], { gas: 1_000_000n }));
    await mined(admin.veras.write.admin_grantVera([characterId, 2, 1, 1, 1, 1, false]));
    await mined(admin.inventory.write.admin_grantOnyx([characterId, 1_000_000n]));
    const boxLogs = await mined(admin.inventory.write.admin_grantLootBox([characterId, 1, 0, 0, false]));
    const lootBoxId = boxLogs.find((l) => l.eventName === 'LootBoxCreated')?.args.lootBoxId as bigint;
    await mined(player.inventory.write.claimLootBox([lootBoxId, true]));
    await mined(player.veras.write.openLootBox([lootBoxId]));

    // "other": a contract account with its own character mints through the forwarder
    const w2 = wallet(2);
    const deployHash = await w2.sendTransaction({ data: FORWARDER_INIT });
    const forwarder = (await client.waitForTransactionReceipt({ hash: deployHash }))
      .contractAddress as `0x${string}`;
    const via = (target: `0x${string}`, data: `0x${string}`) =>
      mined(
        w2.sendTransaction({
          to: forwarder,
          data: concat(['0xdeadbeef', pad(target), data]),
          gas: 3_000_000n,
        }),
      );
    const abi = allSkaldAbis as Abi;
    await via(
      c.deployment.contracts.Characters,
      encodeFunctionData({
        abi,
        functionName: 'createCharacter',
        args: [zero, 'Forwarder', PLAIN_ATTRIBUTES, { starterSpecies: 2, starterRune: 2 }],
      }),
    );
    await via(
      c.deployment.contracts.Characters,
      encodeFunctionData({ abi, functionName: 'login', args: [] }),
    );
    await via(
      c.deployment.contracts.Veras,
      encodeFunctionData({ abi, functionName: 'encounter', args: [2] }),
    );

    indexer = await startTestIndexer(c, database);
    await indexer.ready(180_000);
    reader = openReader(database);
    await waitForIndexed(reader, c);
    const rows = await reader.sql<{ vera_id: string; method: string; selector: string; owner: string }[]>`
      SELECT vera_id, method, selector, owner FROM mint ORDER BY vera_id`;
    expect(rows.map((r) => r.method)).toEqual(['encounter', 'admin_grantVera', 'openLootBox', 'other']);
    expect(rows[3]?.selector).toBe('0xdeadbeef');
    expect(rows[3]?.owner).toBe(forwarder.toLowerCase());
    const veras = await reader.sql<{ mint_method: string }[]>`SELECT mint_method FROM vera ORDER BY id`;
    expect(veras.map((v) => v.mint_method)).toEqual(['encounter', 'admin_grantVera', 'openLootBox', 'other']);
  }, 300_000);
});

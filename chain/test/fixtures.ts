/**
 * One named helper per setup step for contract tests: a fresh anvil (its own port) with the whole game deployed,
 * wallets for the admin (account 0) and players (accounts 1..9), and helpers to send a transaction and read its
 * events, or to expect a named revert. Nothing here is mocked.
 */
import {
  type Abi,
  type Account,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  http,
  type Log,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { ANVIL_MNEMONIC, type Anvil, startAnvil } from '../src/anvil.ts';
import { skaldChain } from '../src/chain.ts';
import { deployGame } from '../src/deploy.ts';
import type { Deployment } from '../src/deployment.ts';
import { allSkaldAbis, type GameContracts, gameContracts, revertErrorName } from '../src/game-client.ts';

export type Wallet = WalletClient<Transport, Chain, Account>;

export type Game = {
  anvil: Anvil;
  deployment: Deployment;
  publicClient: PublicClient;
  testClient: ReturnType<typeof createTestClient>;
  admin: Wallet;
  /** the game seen by a wallet: index 0 is the admin, 1..9 are players */
  as(index: number): GameContracts & { wallet: Wallet };
  wallet(index: number): Wallet;
  /** wait for a transaction and decode every Skald event it emitted */
  events(hash: Promise<Hash> | Hash): Promise<{ receipt: TransactionReceipt; logs: DecodedLog[] }>;
  /** evm_increaseTime + mine */
  advanceTime(seconds: number): Promise<void>;
  stop(): Promise<void>;
};

export type DecodedLog = Log & { eventName: string; args: Record<string, unknown> };

export const TEST_LOCK_DURATIONS = [60, 600, 3600] as const;

export async function setupGame(): Promise<Game> {
  const anvil = await startAnvil();
  const chain = skaldChain;
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport }) as PublicClient;
  const testClient = createTestClient({ chain, mode: 'anvil', transport });
  const wallets = new Map<number, Wallet>();
  const wallet = (index: number): Wallet => {
    let w = wallets.get(index);
    if (!w) {
      w = createWalletClient({
        account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }),
        chain,
        transport,
      });
      wallets.set(index, w);
    }
    return w;
  };
  const deployment = await deployGame({
    rpcUrl: anvil.rpcUrl,
    account: wallet(0).account,
    lockDurations: TEST_LOCK_DURATIONS,
  });
  return {
    anvil,
    deployment,
    publicClient,
    testClient,
    admin: wallet(0),
    wallet,
    as: (index) => ({
      ...gameContracts(deployment, { public: publicClient, wallet: wallet(index) }),
      wallet: wallet(index),
    }),
    async events(hash) {
      const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
      if (receipt.status !== 'success') throw new Error(`transaction reverted: ${receipt.transactionHash}`);
      const logs = parseEventLogs({
        abi: allSkaldAbis as Abi,
        logs: receipt.logs,
      }) as unknown as DecodedLog[];
      return { receipt, logs };
    },
    async advanceTime(seconds) {
      await testClient.increaseTime({ seconds });
      await testClient.mine({ blocks: 1 });
    },
    stop: () => anvil.stop(),
  };
}

/** Asserts that a call reverts with the named custom error (checked via simulation, so nothing is mined). */
export async function expectRevert(call: Promise<unknown>, errorName: string): Promise<void> {
  try {
    await call;
  } catch (error) {
    expect(revertErrorName(error), String(error).slice(0, 400)).toBe(errorName);
    return;
  }
  expect.fail(`expected a revert with ${errorName}, but the call succeeded`);
}

/** The first decoded event with this name, failing the test when absent. */
export function eventOf(logs: DecodedLog[], eventName: string): DecodedLog['args'] {
  const found = logs.find((l) => l.eventName === eventName);
  expect(found, `event ${eventName} among ${logs.map((l) => l.eventName).join(', ')}`).toBeDefined();
  return (found as DecodedLog).args;
}

export const DEFAULT_ATTRIBUTES = {
  bodyType: 1,
  eyeColorMain: 2,
  eyeColorSecondary: 3,
  hairColor: 4,
  hairType: 5,
  skinColor: 6,
  accessoryColor: 7,
  accessoryMainType: 8,
  accessorySecondaryType: 9,
  leatherColor: 10,
  pantsColor: 11,
  shirtColor: 12,
  stitchesColor: 13,
} as const;

/** Creates a character for wallet `index`, logs in (finishing onboarding) and returns its id. */
export async function onboard(game: Game, index: number, name = `Viking${index}`): Promise<bigint> {
  const g = game.as(index);
  const zero = '0x0000000000000000000000000000000000000000';
  const { logs } = await game.events(
    g.characters.write.createCharacter([
      zero,
      name,
      DEFAULT_ATTRIBUTES,
      { starterSpecies: 1, starterRune: 1 },
    ]),
  );
  const created = eventOf(logs, 'CharacterCreated');
  await game.events(g.characters.write.login());
  return created.characterId as bigint;
}

/**
 * Like expectRevert, but decodes the revert with every Skald error, so an error raised by a contract the called
 * one calls (e.g. Inventory's LootBox_NotReady under Veras.openLootBox) is named too. Returns the error's args.
 */
export async function expectSkaldRevert(
  call: Promise<unknown>,
  errorName: string,
): Promise<readonly unknown[]> {
  const { BaseError, ContractFunctionRevertedError, decodeErrorResult } = await import('viem');
  const { skaldErrorsAbi } = await import('../generated/abis.ts');
  try {
    await call;
  } catch (error) {
    const revert =
      error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    const raw = revert instanceof ContractFunctionRevertedError ? revert.raw : undefined;
    expect(raw, String(error).slice(0, 400)).toBeDefined();
    const decoded = decodeErrorResult({ abi: skaldErrorsAbi, data: raw as `0x${string}` });
    expect(decoded.errorName, String(error).slice(0, 400)).toBe(errorName);
    return decoded.args ?? [];
  }
  return expect.fail(`expected a revert with ${errorName}, but the call succeeded`);
}

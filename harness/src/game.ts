/**
 * The game's clients on a chain from the harness's "chain" and "deploy" steps (`startChain`, in
 * `@skald/chain/local`), and the players the browser tests start from.
 */
import { ANVIL_MNEMONIC, type Deployment, gameContracts, skaldChain } from '@skald/chain';
import { PLAIN_ATTRIBUTES, type TestChain } from '@skald/chain/local';
import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

export type Wallet = WalletClient<Transport, Chain, Account>;

export function account(index: number): Account {
  return mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
}

export type Game = {
  deployment: Deployment;
  deploymentPath: string;
  publicClient: PublicClient;
  wallet(index: number): Wallet;
  contracts(index: number): ReturnType<typeof gameContracts>;
};

/** Clients for the game deployed on `chain` (account `index` of anvil's mnemonic signs). */
export function gameOn(chain: TestChain): Game {
  const { deployment, deploymentPath } = chain;
  const transport = http(chain.anvil.rpcUrl);
  const publicClient = createPublicClient({ chain: skaldChain, transport }) as PublicClient;
  const wallet = (index: number) =>
    createWalletClient({ account: account(index), chain: skaldChain, transport });
  return {
    deployment,
    deploymentPath,
    publicClient,
    wallet,
    contracts: (index) => gameContracts(deployment, { public: publicClient, wallet: wallet(index) }),
  };
}

/** Waits for a transaction and fails loudly on a revert. */
export async function mined(game: Game, hash: Promise<`0x${string}`> | `0x${string}`) {
  const receipt = await game.publicClient.waitForTransactionReceipt({ hash: await hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${receipt.transactionHash} reverted`);
  return receipt;
}

/** A player with a character that finished onboarding (so it may explore and mint). */
export async function createPlayer(game: Game, index: number, name: string): Promise<string> {
  const c = game.contracts(index);
  await mined(
    game,
    c.characters.write.createCharacter([
      '0x0000000000000000000000000000000000000000',
      name,
      PLAIN_ATTRIBUTES,
      { starterSpecies: 1, starterRune: 1 },
    ]),
  );
  await mined(game, c.characters.write.login());
  return (await c.characters.read.selectedCharacterOf([account(index).address])).toString();
}

/** A vera the admin (account 0) grants to character `characterId`, at level 5 so it may battle; its id. */
export async function grantBattleVera(game: Game, characterId: bigint): Promise<bigint> {
  const c = game.contracts(0);
  await mined(game, c.veras.write.admin_grantVera([characterId, 1, 1, 1, 1, 5, false]));
  return c.veras.read.totalMinted();
}

/**
 * Typed handles on a deployed game: one viem contract instance per Skald contract, for a given wallet.
 * Used by the simulator, tests and benchmarks; the web app uses wagmi with the same ABIs.
 */
import {
  type Abi,
  type Account,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  getContract,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import * as abis from '../generated/abis.ts';
import type { Deployment } from './deployment.ts';

type GameClients = { public: PublicClient; wallet?: WalletClient<Transport, Chain, Account> };

/** With a wallet, each contract has `write` and `simulate` too; the type follows the clients passed. */
export function gameContracts<const C extends GameClients>(deployment: Deployment, given: C) {
  const c = deployment.contracts;
  // viem treats a `wallet` key as a wallet client even when it is undefined
  const clients = (given.wallet ? given : { public: given.public }) as C;
  return {
    roles: getContract({ address: c.Roles, abi: abis.RolesAbi, client: clients }),
    characters: getContract({ address: c.Characters, abi: abis.CharactersAbi, client: clients }),
    inventory: getContract({ address: c.Inventory, abi: abis.InventoryAbi, client: clients }),
    veras: getContract({ address: c.Veras, abi: abis.VerasAbi, client: clients }),
    clans: getContract({ address: c.Clans, abi: abis.ClansAbi, client: clients }),
    battles: getContract({ address: c.Battles, abi: abis.BattlesAbi, client: clients }),
    bank: getContract({ address: c.Bank, abi: abis.BankAbi, client: clients }),
    shop: getContract({ address: c.Shop, abi: abis.ShopAbi, client: clients }),
  };
}

/** The game as seen by a wallet. */
export type GameContracts = ReturnType<
  typeof gameContracts<{ public: PublicClient; wallet: WalletClient<Transport, Chain, Account> }>
>;

/** Every Skald ABI merged, to decode any log or revert from any Skald contract. */
export const allSkaldAbis: Abi = Object.values(abis).flat() as Abi;

/** The custom error name (e.g. 'Player_ZeroAmount') behind a failed call, or undefined when it is not a revert. */
export function revertErrorName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (revert instanceof ContractFunctionRevertedError) return revert.data?.errorName ?? revert.signature;
  return undefined;
}

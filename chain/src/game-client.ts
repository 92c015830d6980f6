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

export function gameContracts(
  deployment: Deployment,
  client: { public: PublicClient; wallet?: WalletClient<Transport, Chain, Account> },
) {
  const c = deployment.contracts;
  const clients = client.wallet
    ? { public: client.public, wallet: client.wallet }
    : { public: client.public };
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

export type GameContracts = ReturnType<typeof gameContracts>;

/** Every Skald ABI merged, to decode any log or revert from any Skald contract. */
export const allSkaldAbis: Abi = Object.values(abis).flat() as Abi;

/** The custom error name (e.g. 'Player_ZeroAmount') behind a failed call, or undefined when it is not a revert. */
export function revertErrorName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (revert instanceof ContractFunctionRevertedError) return revert.data?.errorName ?? revert.signature;
  return undefined;
}

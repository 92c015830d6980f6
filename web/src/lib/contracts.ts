/** Typed contract handles for calls from the browser: ABIs from @skald/chain, addresses from the boot config. */
import { BankAbi, BattlesAbi, ClansAbi, InventoryAbi, RolesAbi, ShopAbi, VerasAbi } from '@skald/chain/abis';
import type { Abi } from 'viem';
import type { AppConfig } from '../boot.ts';
import type { ContractCall } from '../tx/use-transactor.ts';

const ABIS = {
  Bank: BankAbi,
  Battles: BattlesAbi,
  Clans: ClansAbi,
  Inventory: InventoryAbi,
  Roles: RolesAbi,
  Shop: ShopAbi,
  Veras: VerasAbi,
} as const;

export type CallableContract = keyof typeof ABIS;

export function call(
  config: AppConfig,
  contract: CallableContract,
  functionName: string,
  args: readonly unknown[],
): ContractCall {
  return { address: config.contracts[contract], abi: ABIS[contract] as Abi, functionName, args };
}

/**
 * Typed contract calls from the browser: ABIs from @skald/chain (`as const`), addresses from the boot config.
 * A function name must be a writing function of that contract's ABI and the arguments must match its inputs,
 * checked at compile time.
 */
import {
  BankAbi,
  BattlesAbi,
  CharactersAbi,
  ClansAbi,
  InventoryAbi,
  RolesAbi,
  ShopAbi,
  VerasAbi,
} from '@skald/chain/abis';
import type { ContractFunctionArgs, ContractFunctionName } from 'viem';
import type { AppConfig } from '../boot.ts';
import type { ContractCall } from '../tx/use-transactor.ts';

const ABIS = {
  Bank: BankAbi,
  Battles: BattlesAbi,
  Characters: CharactersAbi,
  Clans: ClansAbi,
  Inventory: InventoryAbi,
  Roles: RolesAbi,
  Shop: ShopAbi,
  Veras: VerasAbi,
} as const;

type Abis = typeof ABIS;
export type CallableContract = keyof Abis;
type Writes = 'nonpayable' | 'payable';

/** A function of contract `C` that a transaction can call (view and pure functions are read, never sent). */
export type WriteFunction<C extends CallableContract> = ContractFunctionName<Abis[C], Writes>;
/** The arguments of `F`, as the ABI types them (uint8..uint48 are numbers, wider uints bigints). */
export type WriteArgs<C extends CallableContract, F extends WriteFunction<C>> = ContractFunctionArgs<
  Abis[C],
  Writes,
  F
> &
  readonly unknown[];
/** The names of a writing function's inputs, e.g. 'rarity' of Inventory.admin_grantAmulet. */
export type InputName<C extends CallableContract, F extends WriteFunction<C>> = Extract<
  Abis[C][number],
  { type: 'function'; name: F }
>['inputs'][number]['name'];

export function call<C extends CallableContract, F extends WriteFunction<C>>(
  config: AppConfig,
  contract: C,
  functionName: F,
  args: WriteArgs<C, F>,
): ContractCall {
  return { address: config.contracts[contract], abi: ABIS[contract], functionName, args };
}

/**
 * The largest value a uint input of a writing function accepts, read from its ABI type (uint8 -> 255,
 * uint64 -> 2^64 - 1): form limits follow the contract instead of being written by hand.
 */
export function uintMax<C extends CallableContract, F extends WriteFunction<C>>(
  contract: C,
  functionName: F,
  input: InputName<C, F>,
): bigint {
  const abi: readonly { type: string; name?: string; inputs?: readonly { name: string; type: string }[] }[] =
    ABIS[contract];
  const fn = abi.find((item) => item.type === 'function' && item.name === functionName);
  const type = fn?.inputs?.find((i) => i.name === input)?.type;
  const bits = type?.match(/^uint(\d+)$/)?.[1];
  if (bits === undefined) throw new Error(`${contract}.${functionName}(${input}) is not a uint input`);
  return (1n << BigInt(bits)) - 1n;
}

/**
 * Typed contract calls from the browser: ABIs from @skald/chain (`as const`), addresses from the boot config.
 * A function name must be a writing function of that contract's ABI and the arguments must match its inputs,
 * checked at compile time. Only the ABIs' types are read here: a call names its contract and the sending code
 * (tx/send.ts, loaded on the first transaction) adds the ABI, so no page carries the ABIs in its first load.
 */
import type { Address, ContractFunctionArgs, ContractFunctionName } from 'viem';
import type { AppConfig } from '../boot.ts';
import type { ABIS } from './abis.ts';

type Abis = typeof ABIS;
export type CallableContract = keyof Abis;
type Writes = 'nonpayable' | 'payable';

/** A call as `call()` builds it: the contract by name; tx/send.ts adds its ABI when it sends. */
export type ContractCall = {
  contract: CallableContract;
  address: Address;
  functionName: string;
  args: readonly unknown[];
  /** a fixed gas limit, for calls whose cost an estimate cannot know (on-chain randomness) */
  gas?: bigint;
};

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

/** The ABI type of input `I` of a writing function, e.g. 'uint64'. */
export type InputType<
  C extends CallableContract,
  F extends WriteFunction<C>,
  I extends InputName<C, F>,
> = Extract<Extract<Abis[C][number], { type: 'function'; name: F }>['inputs'][number], { name: I }>['type'];
/** The bit width of a uint ABI type ('uint64' -> 64); never for any other type. */
export type UintBits<T> = T extends `uint${infer N extends number}` ? N : never;

export function call<C extends CallableContract, F extends WriteFunction<C>>(
  config: AppConfig,
  contract: C,
  functionName: F,
  args: WriteArgs<C, F>,
): ContractCall {
  return { contract, address: config.contracts[contract], functionName, args };
}

/**
 * The largest value a uint input of a writing function accepts (uint8 -> 255, uint64 -> 2^64 - 1): form limits
 * follow the contract instead of being written by hand. The width is given with the input and checked against
 * the input's ABI type at compile time (a wrong width, or an input that is not a uint, does not compile), so the
 * ABI itself is not needed at runtime.
 */
export function uintMax<C extends CallableContract, F extends WriteFunction<C>, I extends InputName<C, F>>(
  _contract: C,
  _functionName: F,
  _input: I,
  bits: UintBits<InputType<C, F, I>>,
): bigint {
  return (1n << BigInt(bits)) - 1n;
}

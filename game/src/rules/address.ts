import { InvalidAddressError } from '../errors.ts';
import { ADDRESS_PATTERN } from './patterns.ts';

/**
 * The one home of account address format. Checks shape only (0x + 40 hex digits, any case): checksum
 * validation needs keccak, which would be a dependency, and the chain accepts any casing anyway.
 */
const ADDRESS = new RegExp(ADDRESS_PATTERN);

export type Address = `0x${string}`;

export function isAddress(value: unknown): value is Address {
  return typeof value === 'string' && ADDRESS.test(value);
}

/** Lower-case form, for keys and comparisons (the indexer stores addresses this way). */
export function normalizeAddress(value: string): Address {
  if (!isAddress(value)) throw new InvalidAddressError(value);
  return value.toLowerCase() as Address;
}

export function sameAddress(a: string, b: string): boolean {
  return normalizeAddress(a) === normalizeAddress(b);
}

/** Header display (spec: first 6 characters, an ellipsis, last 4): "0x1234…abcd". Keeps the input's casing. */
export function abbreviateAddress(value: string): string {
  if (!isAddress(value)) throw new InvalidAddressError(value);
  return `${value.slice(0, 6)}\u2026${value.slice(-4)}`;
}

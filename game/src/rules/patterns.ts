/**
 * The formats every boundary checks, as regular-expression sources: the gateway's JSON Schema `pattern`s and the
 * web app's URL parsing use the same text, so a value one side accepts the other accepts too.
 */
import { UINT64_MAX } from './integers.ts';

/**
 * A pattern (no anchors) for the decimal integers 0..max written without leading zeros: shorter numbers, then
 * for each digit of `max` the numbers that share its prefix and are smaller at that digit, then `max` itself.
 */
export function decimalUpTo(max: bigint): string {
  const digits = max.toString();
  const n = digits.length;
  const branches = ['0'];
  if (n > 1) branches.push(`[1-9][0-9]{0,${n - 2}}`);
  for (let i = 0; i < n; i++) {
    const low = i === 0 ? 1 : 0;
    const high = Number(digits[i]) - 1;
    if (high < low) continue;
    const rest = n - i - 1;
    branches.push(`${digits.slice(0, i)}[${low}-${high}]${rest > 0 ? `[0-9]{${rest}}` : ''}`);
  }
  if (max > 0n) branches.push(digits);
  return `(?:${branches.join('|')})`;
}

/** An on-chain id (uint64) in decimal: ids travel as strings because they may exceed 2^53. */
export const ID_PATTERN = `^${decimalUpTo(UINT64_MAX)}$`;
/** An account address: 0x and 40 hex digits, any case. */
export const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';
/** An admin audit cursor: Ponder's event id, a fixed-width decimal checkpoint (text order is chain order). */
export const AUDIT_CURSOR_PATTERN = '^[0-9]{1,100}$';
/** A transaction hash: 0x and 64 hex digits. */
export const TX_HASH_PATTERN = '^0x[0-9a-fA-F]{64}$';

const ID = new RegExp(ID_PATTERN);

/** True for a decimal uint64 without leading zeros ("0" included). */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}

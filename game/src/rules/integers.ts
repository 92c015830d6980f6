import { OutOfRangeError } from '../errors.ts';

/** Largest values of the Solidity integer types the game's rules use. */
export const UINT8_MAX = 255;
export const UINT16_MAX = 65_535;
export const UINT24_MAX = 16_777_215;
export const UINT32_MAX = 4_294_967_295;
export const UINT64_MAX = 18_446_744_073_709_551_615n;

/**
 * Integer division truncating toward zero, like Solidity's `int256 / int256`.
 * `a % b` is exact for safe integers and keeps the dividend's sign, so `a - a % b` divides exactly and no
 * floating-point rounding can creep in (Math.trunc(a / b) could, for large quotients).
 */
export function divTrunc(a: number, b: number): number {
  return (a - (a % b)) / b;
}

/** Throws OutOfRangeError unless `value` is an integer in [min, max]; returns it for chaining. */
export function assertIntegerIn(what: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new OutOfRangeError(what, value, `an integer from ${min} to ${max}`);
  }
  return value;
}

/** The bigint counterpart of `assertIntegerIn`, for uint64 quantities that outgrow a JS number. */
export function assertBigIntIn(what: string, value: bigint, min: bigint, max: bigint): bigint {
  if (typeof value !== 'bigint' || value < min || value > max) {
    throw new OutOfRangeError(what, value, `a bigint from ${min} to ${max}`);
  }
  return value;
}

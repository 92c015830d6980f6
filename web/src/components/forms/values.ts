/**
 * Reading a submitted form's values with the type each field kind parses to (see `parseField`): uints and
 * non-account targets are bigints, accounts and texts strings, bools booleans, selects and choices strings.
 * A mismatch is a mistake in the form's declaration, so it throws rather than sending a wrong argument.
 */
import type { Address } from 'viem';
import type { FormValues } from './action-form.tsx';

function mismatch(key: string, expected: string, value: unknown): never {
  throw new TypeError(`form value ${key}: expected ${expected}, got ${typeof value}`);
}

/** A uint or an id target, as the ABI's wide uints take it. */
export function bigintOf(values: FormValues, key: string): bigint {
  const value = values[key];
  return typeof value === 'bigint' ? value : mismatch(key, 'a whole number', value);
}

/** A small uint (uint8..uint48, which the ABI takes as numbers): a uint field or a numeric select. */
export function numberOf(values: FormValues, key: string): number {
  const value = values[key];
  const n = typeof value === 'bigint' || typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) ? n : mismatch(key, 'a small whole number', value);
}

export function boolOf(values: FormValues, key: string): boolean {
  const value = values[key];
  return typeof value === 'boolean' ? value : mismatch(key, 'a boolean', value);
}

/** A text field, or a select's value. */
export function textOf(values: FormValues, key: string): string {
  const value = values[key];
  return typeof value === 'string' ? value : mismatch(key, 'text', value);
}

/** An account target or address field (parseField has checked its form). */
export function addressOf(values: FormValues, key: string): Address {
  const value = values[key];
  return typeof value === 'string' && value.startsWith('0x')
    ? `0x${value.slice(2)}`
    : mismatch(key, 'an address', value);
}

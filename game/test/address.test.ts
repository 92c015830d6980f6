import { describe, expect, it } from 'vitest';
import {
  abbreviateAddress,
  InvalidAddressError,
  isAddress,
  normalizeAddress,
  sameAddress,
} from '../src/index.ts';

const MIXED = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf12';

describe('address format', () => {
  it('abbreviates to the first 6 characters, an ellipsis and the last 4', () => {
    expect(abbreviateAddress(MIXED)).toBe('0xAbCd\u2026Ef12');
    expect(abbreviateAddress(MIXED)).toHaveLength(11);
    expect(abbreviateAddress('0x0000000000000000000000000000000000000000')).toBe('0x0000…0000');
  });

  it.each([
    '',
    '0x',
    'AbCdEf0123456789aBcDeF0123456789AbCdEf1234',
    '0xAbCdEf0123456789aBcDeF0123456789AbCdEf1',
    '0xAbCdEf0123456789aBcDeF0123456789AbCdEf123',
    '0xGbCdEf0123456789aBcDeF0123456789AbCdEf12',
    ` ${MIXED}`,
    `0X${MIXED.slice(2)}`,
  ])('rejects %j', (bad) => {
    expect(isAddress(bad)).toBe(false);
    expect(() => abbreviateAddress(bad)).toThrow(InvalidAddressError);
    expect(() => normalizeAddress(bad)).toThrow(InvalidAddressError);
  });

  it('normalizes to lower case and compares ignoring case', () => {
    expect(normalizeAddress(MIXED)).toBe(MIXED.toLowerCase());
    expect(sameAddress(MIXED, MIXED.toLowerCase())).toBe(true);
    expect(sameAddress(MIXED, '0x0000000000000000000000000000000000000000')).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isAddress(42)).toBe(false);
    expect(isAddress(undefined)).toBe(false);
  });
});

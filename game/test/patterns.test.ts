import { describe, expect, it } from 'vitest';
import { decimalUpTo, ID_PATTERN, isId, UINT64_MAX } from '../src/index.ts';
import { randomInt, randomUint64, seededRandom } from './random.ts';

describe('id pattern', () => {
  it('accepts every uint64 in canonical decimal and nothing above 2^64-1', () => {
    expect(isId('0')).toBe(true);
    expect(isId('1')).toBe(true);
    expect(isId(UINT64_MAX.toString())).toBe(true);
    expect(isId((UINT64_MAX + 1n).toString())).toBe(false);
    expect(isId('99999999999999999999')).toBe(false);
    expect(isId('100000000000000000000')).toBe(false);
  });

  it.each(['', '007', '-1', '1.5', '1e3', ' 1', '0x10', '١'])('rejects %j', (value) => {
    expect(isId(value)).toBe(false);
  });

  it('agrees with bigint comparison for random values near and far from the bound', () => {
    const random = seededRandom(64);
    for (let i = 0; i < 2000; i++) {
      const near = UINT64_MAX + BigInt(randomInt(random, -1_000_000, 1_000_000));
      const value = i % 2 === 0 ? randomUint64(random) : near < 0n ? 0n : near;
      expect(isId(value.toString()), value.toString()).toBe(value <= UINT64_MAX);
    }
  });

  it('bounds any maximum', () => {
    const random = seededRandom(7);
    for (const max of [0n, 5n, 9n, 10n, 99n, 100n, 255n, 4_294_967_295n]) {
      const pattern = new RegExp(`^${decimalUpTo(max)}$`);
      for (let i = 0; i < 300; i++) {
        const value = BigInt(randomInt(random, 0, Number(max) * 2 + 20));
        expect(pattern.test(value.toString()), `${value} <= ${max}`).toBe(value <= max);
      }
    }
    expect(ID_PATTERN.startsWith('^') && ID_PATTERN.endsWith('$')).toBe(true);
  });
});

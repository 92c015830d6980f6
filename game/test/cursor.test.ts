import { describe, expect, it } from 'vitest';
import {
  type Cursor,
  compareCursors,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  isCursor,
  UINT64_MAX,
} from '../src/index.ts';
import { randomInt, randomUint64, seededRandom } from './random.ts';

function randomCursor(random: () => number): Cursor {
  // Mix tiny and huge block numbers so digit-count changes are exercised, and share blocks often.
  const pick = randomInt(random, 0, 2);
  const blockNumber =
    pick === 0 ? BigInt(randomInt(random, 0, 20)) : pick === 1 ? 10n ** 9n : randomUint64(random);
  return { blockNumber, logIndex: randomInt(random, 0, pick === 0 ? 12 : 999_999) };
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

describe('encodeCursor', () => {
  it('pads to a fixed width', () => {
    expect(encodeCursor({ blockNumber: 123n, logIndex: 4 })).toBe('00000000000000000123-000004');
    expect(encodeCursor({ blockNumber: UINT64_MAX, logIndex: 999_999 })).toBe('18446744073709551615-999999');
  });

  it('rejects values it cannot encode in order', () => {
    expect(() => encodeCursor({ blockNumber: -1n, logIndex: 0 })).toThrow(InvalidCursorError);
    expect(() => encodeCursor({ blockNumber: UINT64_MAX + 1n, logIndex: 0 })).toThrow(InvalidCursorError);
    expect(() => encodeCursor({ blockNumber: 1n, logIndex: 1_000_000 })).toThrow(InvalidCursorError);
    expect(() => encodeCursor({ blockNumber: 1n, logIndex: -1 })).toThrow(InvalidCursorError);
    expect(() => encodeCursor({ blockNumber: 1n, logIndex: 0.5 })).toThrow(InvalidCursorError);
  });
});

describe('cursor ordering', () => {
  it('sorts encoded strings in the same order as (blockNumber, logIndex)', () => {
    const random = seededRandom(4);
    for (let i = 0; i < 5000; i++) {
      const a = randomCursor(random);
      const b = randomCursor(random);
      const ea = encodeCursor(a);
      const eb = encodeCursor(b);
      const stringOrder = ea < eb ? -1 : ea > eb ? 1 : 0;
      expect(stringOrder).toBe(sign(compareCursors(a, b)));
    }
  });

  it('compares by block first, then log index', () => {
    expect(
      compareCursors({ blockNumber: 2n, logIndex: 0 }, { blockNumber: 1n, logIndex: 9 }),
    ).toBeGreaterThan(0);
    expect(compareCursors({ blockNumber: 1n, logIndex: 3 }, { blockNumber: 1n, logIndex: 9 })).toBeLessThan(
      0,
    );
    expect(compareCursors({ blockNumber: 1n, logIndex: 3 }, { blockNumber: 1n, logIndex: 3 })).toBe(0);
  });
});

describe('decodeCursor', () => {
  it('round-trips', () => {
    const random = seededRandom(5);
    for (let i = 0; i < 1000; i++) {
      const c = randomCursor(random);
      expect(decodeCursor(encodeCursor(c))).toEqual(c);
    }
  });

  it.each([
    '',
    '123-4',
    '00000000000000000123-00004',
    '0000000000000000123-000004',
    '00000000000000000123_000004',
    '00000000000000000123-000004 ',
    ' 00000000000000000123-000004',
    '0000000000000000012a-000004',
    '+0000000000000000123-000004',
    '00000000000000000123-+00004',
    '99999999999999999999-000000',
    '００000000000000000123-000004',
  ])('rejects %j', (bad) => {
    expect(() => decodeCursor(bad)).toThrow(InvalidCursorError);
    expect(isCursor(bad)).toBe(false);
  });
});

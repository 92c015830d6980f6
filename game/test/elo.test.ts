import { describe, expect, it } from 'vitest';
import { ELO_POW10_TABLE, ELO_START, eloUpdate, expectedScoreBps, OutOfRangeError } from '../src/index.ts';
import { randomInt, seededRandom } from './random.ts';

describe('ELO_POW10_TABLE', () => {
  it('holds round(1000 * 10^(i*25/400)) for i = 0..32', () => {
    expect(ELO_POW10_TABLE).toHaveLength(33);
    ELO_POW10_TABLE.forEach((p, i) => {
      expect(p).toBe(Math.round(1000 * 10 ** ((i * 25) / 400)));
    });
  });
});

describe('expectedScoreBps', () => {
  it('is 5000 for equal ratings', () => {
    expect(expectedScoreBps(ELO_START, ELO_START)).toBe(5000);
  });

  it('matches hand-computed values', () => {
    // d = 200: P = 3162, 10_000_000 / 4162 = 2402 (truncated)
    expect(expectedScoreBps(1000, 1200)).toBe(2402);
    expect(expectedScoreBps(1200, 1000)).toBe(7598);
    // d = 800: P = 100000, 10_000_000 / 101000 = 99
    expect(expectedScoreBps(100, 900)).toBe(99);
  });

  it('rounds the difference toward zero to a multiple of 25', () => {
    expect(expectedScoreBps(1000, 1224)).toBe(expectedScoreBps(1000, 1200));
    expect(expectedScoreBps(1224, 1000)).toBe(expectedScoreBps(1200, 1000));
    expect(expectedScoreBps(1000, 1225)).not.toBe(expectedScoreBps(1000, 1200));
    expect(expectedScoreBps(1000, 1024)).toBe(5000);
  });

  it('clamps the difference at ±800', () => {
    expect(expectedScoreBps(0, 5000)).toBe(expectedScoreBps(0, 800));
    expect(expectedScoreBps(5000, 0)).toBe(expectedScoreBps(800, 0));
    expect(expectedScoreBps(5000, 0)).toBe(9901);
  });

  it('is symmetric and within 2.5 bps of the floating-point formula', () => {
    const random = seededRandom(1);
    for (let i = 0; i < 2000; i++) {
      const ra = randomInt(random, 0, 3000);
      const rb = randomInt(random, 0, 3000);
      const e = expectedScoreBps(ra, rb);
      expect(e + expectedScoreBps(rb, ra)).toBe(10_000);
      const d = Math.trunc(Math.max(-800, Math.min(800, rb - ra)) / 25) * 25;
      expect(Math.abs(e - 10_000 / (1 + 10 ** (d / 400)))).toBeLessThan(2.5); // table rounding (<1.25) + truncation (<1)
    }
  });

  it('rejects ratings that are not uint32', () => {
    expect(() => expectedScoreBps(-1, 1000)).toThrow(OutOfRangeError);
    expect(() => expectedScoreBps(1000, 1.5)).toThrow(OutOfRangeError);
    expect(() => expectedScoreBps(2 ** 32, 1000)).toThrow(OutOfRangeError);
  });
});

describe('eloUpdate', () => {
  it('moves equal ratings by K/2', () => {
    expect(eloUpdate(1000, 1000, 1)).toEqual({ a: 1016, b: 984 });
    expect(eloUpdate(1000, 1000, 2)).toEqual({ a: 984, b: 1016 });
    expect(eloUpdate(1000, 1000, 3)).toEqual({ a: 1000, b: 1000 });
  });

  it('matches hand-computed values, truncating toward zero', () => {
    // eA = 2402, eB = 7598. A wins: +32*7598/10000 = +24.31 -> +24; B: -24.31 -> -24 (floor would give -25)
    expect(eloUpdate(1000, 1200, 1)).toEqual({ a: 1024, b: 1176 });
    // Tie: A +32*2598/10000 = +8.31 -> +8; B -8.31 -> -8
    expect(eloUpdate(1000, 1200, 3)).toEqual({ a: 1008, b: 1192 });
    // Favourite wins: +32*2402/10000 = +7.68 -> +7
    expect(eloUpdate(1000, 1200, 2)).toEqual({ a: 993, b: 1207 });
  });

  it('gives the clamped favourite nothing and the underdog at most 31', () => {
    expect(eloUpdate(100, 2000, 2)).toEqual({ a: 100, b: 2000 });
    expect(eloUpdate(100, 2000, 1)).toEqual({ a: 131, b: 1969 });
  });

  it('never goes below zero', () => {
    expect(eloUpdate(10, 10, 2)).toEqual({ a: 0, b: 26 });
    expect(eloUpdate(0, 0, 1)).toEqual({ a: 16, b: 0 });
  });

  it('is zero-sum and mirror-symmetric away from the floor', () => {
    const random = seededRandom(2);
    for (let i = 0; i < 2000; i++) {
      const ra = randomInt(random, 100, 3000);
      const rb = randomInt(random, 100, 3000);
      const result = randomInt(random, 1, 3);
      const { a, b } = eloUpdate(ra, rb, result);
      expect(a - ra + (b - rb)).toBe(0);
      const mirrored = eloUpdate(rb, ra, result === 3 ? 3 : 3 - result);
      expect(mirrored).toEqual({ a: b, b: a });
    }
  });

  it('rejects unknown results', () => {
    expect(() => eloUpdate(1000, 1000, 0)).toThrow(OutOfRangeError);
    expect(() => eloUpdate(1000, 1000, 4)).toThrow(OutOfRangeError);
  });
});

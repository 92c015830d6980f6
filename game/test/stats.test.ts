import { describe, expect, it } from 'vitest';
import {
  effectiveStatKey,
  OutOfRangeError,
  publicStats,
  STAT_KEYS,
  STAT_LABELS,
  statsFromArray,
  statTotal,
  UnknownIdError,
} from '../src/index.ts';

// strength 30, dexterity 31, vitality 32, intellect 33, wisdom 34, charisma 35 (contract order)
const RAW = [30, 31, 32, 33, 34, 35];
const BASE = { strength: 10, dexterity: 11, vitality: 12, intellect: 13, wisdom: 14, charisma: 15 };

describe('publicStats', () => {
  it.each([
    [1, 'strength'],
    [2, 'intellect'],
    [3, 'charisma'],
    [4, 'vitality'],
    [5, 'dexterity'],
    [6, 'wisdom'],
  ] as const)('sub-rune %i lowers %s by a further 2', (subRune, stat) => {
    expect(publicStats(RAW, subRune)).toEqual({ ...BASE, [stat]: BASE[stat] - 2 });
  });

  it('accepts a record keyed by stat name with the same result', () => {
    const record = { charisma: 35, wisdom: 34, intellect: 33, vitality: 32, dexterity: 31, strength: 30 };
    for (let subRune = 1; subRune <= 6; subRune++) {
      expect(publicStats(record, subRune)).toEqual(publicStats(RAW, subRune));
    }
  });

  it('reaches zero for the minimum roll on the sub-rune stat', () => {
    expect(publicStats([22, 22, 22, 22, 22, 22], 1).strength).toBe(0);
    expect(publicStats([22, 22, 22, 22, 22, 22], 1).dexterity).toBe(2);
  });

  it('rejects unknown sub-runes and malformed stats', () => {
    expect(() => publicStats(RAW, 0)).toThrow(UnknownIdError);
    expect(() => publicStats(RAW, 7)).toThrow(UnknownIdError);
    expect(() => publicStats([30, 31, 32], 1)).toThrow(OutOfRangeError);
    expect(() => publicStats([30, 31, 32, 33, 34, 1.5], 1)).toThrow(OutOfRangeError);
    expect(() => publicStats({ ...BASE, wisdom: Number.NaN }, 1)).toThrow(OutOfRangeError);
  });
});

describe('statTotal', () => {
  it('sums the six public stats: raw sum - 120 - 2', () => {
    const rawSum = RAW.reduce((a, b) => a + b, 0);
    for (let subRune = 1; subRune <= 6; subRune++) {
      expect(statTotal(RAW, subRune)).toBe(rawSum - 6 * 20 - 2);
    }
    expect(statTotal(RAW, 1)).toBe(73);
  });

  it('agrees with publicStats', () => {
    const stats = publicStats(RAW, 4);
    expect(statTotal(RAW, 4)).toBe(STAT_KEYS.reduce((sum, k) => sum + stats[k], 0));
  });
});

describe('stat vocabulary', () => {
  it('labels every stat and names its effective field', () => {
    expect(Object.keys(STAT_LABELS)).toEqual([...STAT_KEYS]);
    expect(STAT_KEYS.map(effectiveStatKey)).toEqual([
      'effectiveStrength',
      'effectiveDexterity',
      'effectiveVitality',
      'effectiveIntellect',
      'effectiveWisdom',
      'effectiveCharisma',
    ]);
  });

  it('reads a contract array in STAT_KEYS order, a missing entry as 0', () => {
    expect(statsFromArray(RAW)).toEqual({
      strength: 30,
      dexterity: 31,
      vitality: 32,
      intellect: 33,
      wisdom: 34,
      charisma: 35,
    });
    expect(statsFromArray([]).charisma).toBe(0);
  });
});

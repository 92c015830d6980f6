import { describe, expect, it } from 'vitest';
import {
  addUnallocatedPoints,
  applyExperience,
  experienceForLevel,
  experienceNeeded,
  MAX_VERA_EXPERIENCE,
  OutOfRangeError,
} from '../src/index.ts';

describe('vera level thresholds', () => {
  it('needs 100 * level to climb from level', () => {
    expect(experienceNeeded(1)).toBe(100);
    expect(experienceNeeded(42)).toBe(4200);
  });

  it('reaches level L at the sum of 100*l for l < L', () => {
    expect(experienceForLevel(1)).toBe(0);
    expect(experienceForLevel(2)).toBe(100);
    expect(experienceForLevel(3)).toBe(300);
    expect(experienceForLevel(4)).toBe(600);
    expect(experienceForLevel(100)).toBe(495_000);
    for (let level = 1; level < 100; level++) {
      expect(experienceForLevel(level + 1) - experienceForLevel(level)).toBe(experienceNeeded(level));
    }
  });
});

describe('applyExperience', () => {
  it('levels up exactly at the threshold and grants 3 points per level', () => {
    expect(applyExperience(1, 0, 99)).toEqual({ level: 1, experience: 99, pointsGained: 0 });
    expect(applyExperience(1, 0, 100)).toEqual({ level: 2, experience: 100, pointsGained: 3 });
    expect(applyExperience(1, 99, 1)).toEqual({ level: 2, experience: 100, pointsGained: 3 });
    expect(applyExperience(2, 100, 199)).toEqual({ level: 2, experience: 299, pointsGained: 0 });
  });

  it('gains several levels at once', () => {
    expect(applyExperience(1, 0, 600)).toEqual({ level: 4, experience: 600, pointsGained: 9 });
    expect(applyExperience(3, 350, 5000)).toEqual({ level: 10, experience: 5350, pointsGained: 21 });
  });

  it('caps the level at 100 and experience at the uint24 maximum', () => {
    expect(applyExperience(1, 0, MAX_VERA_EXPERIENCE)).toEqual({
      level: 100,
      experience: MAX_VERA_EXPERIENCE,
      pointsGained: 99 * 3,
    });
    expect(applyExperience(100, MAX_VERA_EXPERIENCE - 5, 10)).toEqual({
      level: 100,
      experience: MAX_VERA_EXPERIENCE,
      pointsGained: 0,
    });
    expect(applyExperience(100, 495_000, 1000)).toEqual({ level: 100, experience: 496_000, pointsGained: 0 });
  });

  it('never lowers a level above what the experience implies', () => {
    expect(applyExperience(10, 0, 100)).toEqual({ level: 10, experience: 100, pointsGained: 0 });
    expect(applyExperience(10, 0, 5500)).toEqual({ level: 11, experience: 5500, pointsGained: 3 });
  });

  it('agrees with the cumulative-threshold definition for every total', () => {
    for (let total = 0; total <= 500_000; total += 97) {
      const { level } = applyExperience(1, 0, total);
      expect(total).toBeGreaterThanOrEqual(experienceForLevel(level));
      if (level < 100) expect(total).toBeLessThan(experienceForLevel(level + 1));
    }
  });

  it('rejects values outside the contract types', () => {
    expect(() => applyExperience(0, 0, 1)).toThrow(OutOfRangeError);
    expect(() => applyExperience(101, 0, 1)).toThrow(OutOfRangeError);
    expect(() => applyExperience(1, -1, 1)).toThrow(OutOfRangeError);
    expect(() => applyExperience(1, 0, MAX_VERA_EXPERIENCE + 1)).toThrow(OutOfRangeError);
    expect(() => applyExperience(1, 0, 1.5)).toThrow(OutOfRangeError);
  });
});

describe('addUnallocatedPoints', () => {
  it('adds and saturates at the uint8 maximum', () => {
    expect(addUnallocatedPoints(4, 3)).toBe(7);
    expect(addUnallocatedPoints(250, 9)).toBe(255);
    expect(addUnallocatedPoints(0, applyExperience(1, 0, 495_000).pointsGained)).toBe(255);
    expect(() => addUnallocatedPoints(256, 0)).toThrow(OutOfRangeError);
  });
});

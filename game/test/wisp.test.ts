import { describe, expect, it } from 'vitest';
import { applyWispExperience, OutOfRangeError, UINT64_MAX, wispExperienceNeeded } from '../src/index.ts';
import { randomInt, seededRandom } from './random.ts';

/** The reference loop from the doc comment, as the contract runs it. */
function loop(level: number, experience: bigint, amount: bigint) {
  let lvl = level;
  let exp = experience + amount;
  while (exp >= 100n * BigInt(lvl)) {
    exp -= 100n * BigInt(lvl);
    lvl += 1;
  }
  return { level: lvl, experience: exp, experienceNeeded: 100n * BigInt(lvl), levelsGained: lvl - level };
}

describe('wisp levels', () => {
  it('needs 100 * level', () => {
    expect(wispExperienceNeeded(1)).toBe(100n);
    expect(wispExperienceNeeded(7)).toBe(700n);
  });

  it('keeps progress inside the level and resets it on level-up', () => {
    expect(applyWispExperience(1, 0n, 99n)).toEqual({
      level: 1,
      experience: 99n,
      experienceNeeded: 100n,
      levelsGained: 0,
    });
    expect(applyWispExperience(1, 50n, 60n)).toEqual({
      level: 2,
      experience: 10n,
      experienceNeeded: 200n,
      levelsGained: 1,
    });
    // 100 + 200 + 300 = 600 climbs three levels exactly
    expect(applyWispExperience(1, 0n, 600n)).toEqual({
      level: 4,
      experience: 0n,
      experienceNeeded: 400n,
      levelsGained: 3,
    });
  });

  it('matches the reference loop', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 500; i++) {
      const level = randomInt(random, 1, 500);
      const experience = BigInt(randomInt(random, 0, 100 * level - 1));
      const amount = BigInt(randomInt(random, 0, 2_000_000));
      expect(applyWispExperience(level, experience, amount)).toEqual(loop(level, experience, amount));
    }
  });

  it('handles a uint64 grant without looping level by level', () => {
    const result = applyWispExperience(1, 0n, UINT64_MAX);
    expect(result.experience).toBeGreaterThanOrEqual(0n);
    expect(result.experience).toBeLessThan(result.experienceNeeded);
    const k = BigInt(result.levelsGained);
    expect(100n * k + 50n * k * (k - 1n) + result.experience).toBe(UINT64_MAX);
  });

  it('rejects values outside the contract types', () => {
    expect(() => applyWispExperience(0, 0n, 1n)).toThrow(OutOfRangeError);
    expect(() => applyWispExperience(1, -1n, 1n)).toThrow(OutOfRangeError);
    expect(() => applyWispExperience(1, 0n, UINT64_MAX + 1n)).toThrow(OutOfRangeError);
  });
});

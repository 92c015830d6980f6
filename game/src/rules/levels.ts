import { assertIntegerIn, UINT8_MAX, UINT24_MAX } from './integers.ts';

/**
 * Vera levels. The Veras contract mirrors this exactly (VeraExperienceGained carries its inputs and outputs),
 * so the indexer and simulator can replay it.
 *
 *   experienceNeeded(level)   = 100 * level            // to go from `level` to `level + 1`
 *   experienceForLevel(level) = 50 * level * (level-1)  // cumulative total at which `level` is reached
 *                                                      // (= sum of 100*l for l = 1..level-1)
 *   applyExperience(level, experience, amount):
 *     total = min(experience + amount, 16_777_215)     // add in uint256, then cap at type(uint24).max
 *     while (level < 100 && total >= experienceForLevel(level + 1)) { level += 1; points += 3; }
 *     return (level, total, points)          // stored: unallocated = min(unallocated + points, 255)
 *
 * `experience` is the cumulative total, never reset on level-up. The level only rises: a vera whose level is
 * above what its experience implies keeps that level and climbs from there. (Veras mints at level L with
 * experience experienceForLevel(L) and 3 * (L - 1) points, so the two stay consistent.) Level 100 needs
 * 495_000, well below the uint24 cap.
 */
export const MAX_VERA_LEVEL = 100;
export const MAX_VERA_EXPERIENCE = UINT24_MAX;
export const POINTS_PER_LEVEL = 3;
export const EXPERIENCE_PER_LEVEL = 100;
/** VeraData.unallocatedPoints is a uint8: the contract saturates there rather than revert a level-up. */
export const MAX_UNALLOCATED_POINTS = UINT8_MAX;

export function experienceNeeded(level: number): number {
  assertIntegerIn('vera level', level, 1, MAX_VERA_LEVEL);
  return EXPERIENCE_PER_LEVEL * level;
}

export function experienceForLevel(level: number): number {
  assertIntegerIn('vera level', level, 1, MAX_VERA_LEVEL);
  return (EXPERIENCE_PER_LEVEL / 2) * level * (level - 1);
}

export interface ExperienceResult {
  level: number;
  /** Cumulative total after the gain, capped at MAX_VERA_EXPERIENCE. */
  experience: number;
  /** Unallocated stat points earned by this gain (POINTS_PER_LEVEL per level gained). */
  pointsGained: number;
}

/** Applies an experience gain (battle reward or admin grant; both uint24) to a vera. */
export function applyExperience(level: number, experience: number, amount: number): ExperienceResult {
  assertIntegerIn('vera level', level, 1, MAX_VERA_LEVEL);
  assertIntegerIn('vera experience', experience, 0, MAX_VERA_EXPERIENCE);
  assertIntegerIn('experience amount', amount, 0, UINT24_MAX);
  const total = Math.min(experience + amount, MAX_VERA_EXPERIENCE);
  let next = level;
  while (next < MAX_VERA_LEVEL && total >= experienceForLevel(next + 1)) next += 1;
  return { level: next, experience: total, pointsGained: (next - level) * POINTS_PER_LEVEL };
}

/** Unallocated points after a gain: min(current + gained, 255), as the contract stores them. */
export function addUnallocatedPoints(current: number, gained: number): number {
  assertIntegerIn('unallocated points', current, 0, MAX_UNALLOCATED_POINTS);
  assertIntegerIn('points gained', gained, 0, Number.MAX_SAFE_INTEGER);
  return Math.min(current + gained, MAX_UNALLOCATED_POINTS);
}

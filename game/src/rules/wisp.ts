import { assertBigIntIn, assertIntegerIn, UINT32_MAX, UINT64_MAX } from './integers.ts';

/**
 * Clan wisp levels (IClans: experienceNeeded = 100 * level). Unlike a vera, a wisp's `experience` is progress
 * inside its current level and resets on level-up, which is what WispExperienceGained's (experience,
 * experienceNeeded) pair shows as a progress bar. Level starts at 1 and is a uint32; experience is a uint64.
 *
 *   experienceNeeded(level) = 100 * level
 *   applyWispExperience(level, experience, amount):
 *     experience += amount                                         // in uint256
 *     while (level < type(uint32).max && experience >= 100 * level) { experience -= 100 * level; level += 1; }
 *     return (level, experience, 100 * level)
 *
 * The loop above is the reference (and what the contract runs). This file computes the same result in closed
 * form because a uint64 grant can mean hundreds of millions of level-ups.
 */
export const WISP_EXPERIENCE_PER_LEVEL = 100n;

export function wispExperienceNeeded(level: number): bigint {
  assertIntegerIn('wisp level', level, 1, UINT32_MAX);
  return WISP_EXPERIENCE_PER_LEVEL * BigInt(level);
}

export interface WispResult {
  level: number;
  /** Progress inside `level`; below `experienceNeeded` unless the level hit the uint32 cap. */
  experience: bigint;
  experienceNeeded: bigint;
  levelsGained: number;
}

/** Experience needed to climb k levels from `level`: 100 * (level + ... + level+k-1). */
function costOf(level: bigint, k: bigint): bigint {
  return WISP_EXPERIENCE_PER_LEVEL * k * level + (WISP_EXPERIENCE_PER_LEVEL / 2n) * k * (k - 1n);
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

export function applyWispExperience(level: number, experience: bigint, amount: bigint): WispResult {
  assertIntegerIn('wisp level', level, 1, UINT32_MAX);
  assertBigIntIn('wisp experience', experience, 0n, UINT64_MAX);
  assertBigIntIn('wisp experience amount', amount, 0n, UINT64_MAX);
  const start = BigInt(level);
  const pool = experience + amount;
  // Largest k with costOf(start, k) <= pool: the positive root of 50k² + 50(2L-1)k - pool, then nudged to be
  // exact despite the integer square root.
  const b = 50n * (2n * start - 1n);
  let k = (isqrt(b * b + 200n * pool) - b) / 100n;
  if (k < 0n) k = 0n;
  while (costOf(start, k + 1n) <= pool) k += 1n;
  while (k > 0n && costOf(start, k) > pool) k -= 1n;
  const cap = BigInt(UINT32_MAX) - start;
  if (k > cap) k = cap;
  const next = Number(start + k);
  return {
    level: next,
    experience: pool - costOf(start, k),
    experienceNeeded: wispExperienceNeeded(next),
    levelsGained: Number(k),
  };
}

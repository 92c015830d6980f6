import { BattleOutcome } from '../catalogue/codes.ts';
import { OutOfRangeError } from '../errors.ts';
import { assertIntegerIn, divTrunc, UINT32_MAX } from './integers.ts';

/**
 * Elo per character per battle type, in integer math the Battles contract reproduces bit for bit (the indexer
 * and the simulator recompute ratings and must agree with EloChanged). Floating point 10^(d/400) is replaced by
 * a table so Solidity needs no exponentiation.
 *
 * Algorithm (all integers; `/` truncates toward zero as in Solidity):
 *
 *   ELO_START = 1000; ELO_K = 32
 *   ELO_POW10_TABLE[i] = round(1000 * 10^(i*25/400)), i = 0..32 (values below)
 *
 *   expectedScoreBps(ra, rb):            // A's expected score, 0..10000
 *     d = clamp(int(rb) - int(ra), -800, 800)
 *     p = ELO_POW10_TABLE[abs(d) / 25]   // d rounded toward zero to a multiple of 25
 *     q = 10_000_000 / (1000 + p)        // 10000 * 1000 / (1000 + p)
 *     return d >= 0 ? q : 10_000 - q
 *
 *   eloUpdate(ra, rb, result):           // result 1 A won, 2 B won, 3 tie
 *     sA = {1: 10000, 2: 0, 3: 5000}[result]; sB = 10000 - sA
 *     eA = expectedScoreBps(ra, rb);       eB = expectedScoreBps(rb, ra)   // eA + eB == 10000
 *     newA = int256(ra) + int256(ELO_K) * (int256(sA) - int256(eA)) / 10000
 *     newB = int256(rb) + int256(ELO_K) * (int256(sB) - int256(eB)) / 10000
 *     each: if (new < 0) new = 0; store as uint32
 *
 * Solidity: `(K * (s - e)) / 10000` on int256 already truncates toward zero (e.g. -24.31 becomes -24); do not
 * floor. A rating gains at most 31 per battle, so uint32 overflow is out of reach.
 */
export const ELO_START = 1000;
export const ELO_K = 32;
export const ELO_MAX_DIFF = 800;
export const ELO_TABLE_STEP = 25;

// biome-ignore format: one row of 11 per line is easier to check against the formula
export const ELO_POW10_TABLE = [
  1000, 1155, 1334, 1540, 1778, 2054, 2371, 2738, 3162, 3652, 4217,
  4870, 5623, 6494, 7499, 8660, 10000, 11548, 13335, 15399, 17783, 20535,
  23714, 27384, 31623, 36517, 42170, 48697, 56234, 64938, 74989, 86596, 100000,
] as const;

const BPS = 10_000;

function assertRating(what: string, rating: number): number {
  return assertIntegerIn(what, rating, 0, UINT32_MAX);
}

/** A's expected score against B in basis points (0..10000). See the algorithm above. */
export function expectedScoreBps(ra: number, rb: number): number {
  assertRating('rating A', ra);
  assertRating('rating B', rb);
  const d = Math.max(-ELO_MAX_DIFF, Math.min(ELO_MAX_DIFF, rb - ra));
  const p = ELO_POW10_TABLE[divTrunc(Math.abs(d), ELO_TABLE_STEP)] as number;
  const q = divTrunc(BPS * 1000, 1000 + p);
  return d >= 0 ? q : BPS - q;
}

function scoreBps(result: number): number {
  if (result === BattleOutcome.aWon) return BPS;
  if (result === BattleOutcome.bWon) return 0;
  if (result === BattleOutcome.tie) return BPS / 2;
  throw new OutOfRangeError('battle result', result, '1 (A won), 2 (B won) or 3 (tie)');
}

function updated(rating: number, score: number, expected: number): number {
  return Math.max(0, rating + divTrunc(ELO_K * (score - expected), BPS));
}

/** Both ratings after a battle. `result` is BattleResolved.result: 1 A won, 2 B won, 3 tie. */
export function eloUpdate(ra: number, rb: number, result: number): { a: number; b: number } {
  const sA = scoreBps(result);
  return {
    a: updated(ra, sA, expectedScoreBps(ra, rb)),
    b: updated(rb, BPS - sA, expectedScoreBps(rb, ra)),
  };
}

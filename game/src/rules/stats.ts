import { getSubRune, STAT_KEYS, type StatKey } from '../catalogue/stats.ts';
import { OutOfRangeError } from '../errors.ts';

/** Raw stats as the contract returns them (uint8[6] in STAT_KEYS order) or as a record keyed by stat name. */
export type RawStats = readonly number[] | Readonly<Record<StatKey, number>>;

export type StatBlock = Record<StatKey, number>;

/** The contract's uint8[6] (STAT_KEYS order) as a record keyed by stat name; a missing entry reads 0. */
export function statsFromArray(values: readonly number[]): StatBlock {
  return Object.fromEntries(STAT_KEYS.map((key, index) => [key, values[index] ?? 0])) as StatBlock;
}

/** Raw stats roll from 22, so subtracting this shows players a scale that starts near zero. */
export const PUBLIC_STAT_OFFSET = 20;
/** The sub-rune's own stat is shown this much lower still (the rune "costs" its stat a little). */
export const SUB_RUNE_STAT_PENALTY = 2;

function rawStat(raw: RawStats, key: StatKey, index: number): number {
  const value = isStatArray(raw) ? raw[index] : raw[key];
  if (value === undefined || !Number.isInteger(value) || value < 0) {
    throw new OutOfRangeError(`stat ${key}`, value, 'a non-negative integer');
  }
  return value;
}

function isStatArray(raw: RawStats): raw is readonly number[] {
  return Array.isArray(raw);
}

/**
 * The stats players see: raw - 20, and the stat named by the sub-rune a further -2.
 * Throws UnknownIdError for a sub-rune outside 1..6 and OutOfRangeError for a missing or malformed stat.
 */
export function publicStats(raw: RawStats, subRune: number): StatBlock {
  const penalised = getSubRune(subRune).stat;
  if (isStatArray(raw) && raw.length !== STAT_KEYS.length) {
    throw new OutOfRangeError('raw stats length', raw.length, `${STAT_KEYS.length}`);
  }
  const out = {} as StatBlock;
  STAT_KEYS.forEach((key, index) => {
    const penalty = key === penalised ? SUB_RUNE_STAT_PENALTY : 0;
    out[key] = rawStat(raw, key, index) - PUBLIC_STAT_OFFSET - penalty;
  });
  return out;
}

/** Sum of the six public stats: the number the mint toast shows. */
export function statTotal(raw: RawStats, subRune: number): number {
  const stats = publicStats(raw, subRune);
  return STAT_KEYS.reduce((sum, key) => sum + stats[key], 0);
}

import { findById, getById } from './lookup.ts';

/** The six stats in contract order: VeraData.innate[i] and .effective[i] mean STAT_KEYS[i]. */
export const STAT_KEYS = ['strength', 'dexterity', 'vitality', 'intellect', 'wisdom', 'charisma'] as const;

export type StatKey = (typeof STAT_KEYS)[number];

/** Each stat's name for screens. */
export const STAT_LABELS = {
  strength: 'Strength',
  dexterity: 'Dexterity',
  vitality: 'Vitality',
  intellect: 'Intellect',
  wisdom: 'Wisdom',
  charisma: 'Charisma',
} as const satisfies Record<StatKey, string>;

/** A stat's effective value as a flat field (`effectiveStrength`), as the vera table's columns name them. */
export type EffectiveStatKey = `effective${Capitalize<StatKey>}`;

export function effectiveStatKey(key: StatKey): EffectiveStatKey {
  return `effective${key.charAt(0).toUpperCase()}${key.slice(1)}` as EffectiveStatKey;
}

/** Index of a stat in the contract's uint8[6] arrays (and the tracker's statIndex). */
export function statIndex(key: StatKey): number {
  return STAT_KEYS.indexOf(key);
}

/**
 * Sub-runes 1..6 and the stat each names. The numbering is NOT contract stat order (sub-rune 2 is intellect,
 * stat index 3), which is why the mapping lives here once instead of being re-derived by each reader.
 */
export const SUB_RUNES = [
  { id: 1, stat: 'strength' },
  { id: 2, stat: 'intellect' },
  { id: 3, stat: 'charisma' },
  { id: 4, stat: 'vitality' },
  { id: 5, stat: 'dexterity' },
  { id: 6, stat: 'wisdom' },
] as const satisfies readonly { id: number; stat: StatKey }[];

export type SubRune = (typeof SUB_RUNES)[number];
export type SubRuneId = SubRune['id'];

export function findSubRune(id: number): SubRune | undefined {
  return findById(SUB_RUNES, id);
}

export function getSubRune(id: number): SubRune {
  return getById('sub-rune', SUB_RUNES, id);
}

import { findById, getById } from './lookup.ts';

/** Main runes 1..3 (VeraData.mainRune; also an amulet's runeType and a lootbox's rune). */
export const MAIN_RUNES = [
  { id: 1, name: 'Sun', slug: 'sun' },
  { id: 2, name: 'Nature', slug: 'nature' },
  { id: 3, name: 'Hail', slug: 'hail' },
] as const;

export type MainRune = (typeof MAIN_RUNES)[number];
export type MainRuneId = MainRune['id'];

export function findMainRune(id: number): MainRune | undefined {
  return findById(MAIN_RUNES, id);
}

export function getMainRune(id: number): MainRune {
  return getById('main rune', MAIN_RUNES, id);
}

/** Personalities 1..3 (VeraData.personality). */
export const PERSONALITIES = [
  { id: 1, name: 'Shy' },
  { id: 2, name: 'Serious' },
  { id: 3, name: 'Aggressive' },
] as const;

export type Personality = (typeof PERSONALITIES)[number];
export type PersonalityId = Personality['id'];

export function findPersonality(id: number): Personality | undefined {
  return findById(PERSONALITIES, id);
}

export function getPersonality(id: number): Personality {
  return getById('personality', PERSONALITIES, id);
}

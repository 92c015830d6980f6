/**
 * A character's look and name as ICharacters stores them: the thirteen uint8 attributes (spec section 3) with the
 * choices the creator offers for each, and the name rule Characters.sol enforces (3..24 bytes).
 */

export const CHARACTER_NAME_MIN_BYTES = 3;
export const CHARACTER_NAME_MAX_BYTES = 24;

/** Why a name cannot be used, in words; undefined when Characters.sol would accept it. */
export function characterNameProblem(name: string): string | undefined {
  const bytes = new TextEncoder().encode(name).length;
  if (name.trim() !== name) return 'The name cannot start or end with a space.';
  if (bytes < CHARACTER_NAME_MIN_BYTES)
    return `The name needs at least ${CHARACTER_NAME_MIN_BYTES} characters.`;
  if (bytes > CHARACTER_NAME_MAX_BYTES)
    return `The name is too long: at most ${CHARACTER_NAME_MAX_BYTES} bytes.`;
  return undefined;
}

/** The thirteen attribute keys in ICharacters' struct order (the indexer's columns and the gateway's profile). */
export const CHARACTER_ATTRIBUTE_KEYS = [
  'bodyType',
  'eyeColorMain',
  'eyeColorSecondary',
  'hairColor',
  'hairType',
  'skinColor',
  'accessoryColor',
  'accessoryMainType',
  'accessorySecondaryType',
  'leatherColor',
  'pantsColor',
  'shirtColor',
  'stitchesColor',
] as const;
export type CharacterAttributeKey = (typeof CHARACTER_ATTRIBUTE_KEYS)[number];

export type CharacterAttributes = Record<CharacterAttributeKey, number>;

type AttributeChoice = { key: CharacterAttributeKey; label: string; options: readonly string[] };

const SKIN = ['Pale', 'Fair', 'Ruddy', 'Tan', 'Bronze', 'Umber'] as const;
const EYES = ['Ice blue', 'Fjord grey', 'Moss green', 'Amber', 'Hazel', 'Storm violet'] as const;
const HAIR = ['Flax', 'Copper', 'Auburn', 'Raven', 'Ash', 'Snow'] as const;
const CLOTH = [
  'Undyed wool',
  'Madder red',
  'Woad blue',
  'Weld yellow',
  'Lichen green',
  'Soot black',
] as const;
const LEATHER = ['Tan hide', 'Dark hide', 'Oxblood', 'Smoked'] as const;
const METAL = ['Iron', 'Bronze', 'Silver', 'Gold'] as const;

/** Every attribute in the creator's order; a value is the 1-based index of its option (0 is never chosen). */
export const CHARACTER_ATTRIBUTES: readonly AttributeChoice[] = [
  { key: 'bodyType', label: 'Build', options: ['Lean', 'Broad', 'Stout'] },
  { key: 'skinColor', label: 'Skin', options: SKIN },
  { key: 'hairType', label: 'Hair', options: ['Shaved', 'Braided', 'Long', 'Topknot', 'Mohawk'] },
  { key: 'hairColor', label: 'Hair colour', options: HAIR },
  { key: 'eyeColorMain', label: 'Eyes', options: EYES },
  { key: 'eyeColorSecondary', label: 'Second eye', options: EYES },
  { key: 'shirtColor', label: 'Tunic', options: CLOTH },
  { key: 'pantsColor', label: 'Trousers', options: CLOTH },
  { key: 'leatherColor', label: 'Leather', options: LEATHER },
  { key: 'stitchesColor', label: 'Stitching', options: CLOTH },
  { key: 'accessoryMainType', label: 'Headgear', options: ['None', 'Iron helm', 'Fur hood', 'Circlet'] },
  { key: 'accessorySecondaryType', label: 'Trinket', options: ['None', 'Torc', 'Arm ring', 'Rune pendant'] },
  { key: 'accessoryColor', label: 'Trinket metal', options: METAL },
];

/**
 * The values each attribute may take, `min..max` inclusive: 1 up to its option count. The contract stores any
 * uint8, so everything that makes a look (the creator, the simulator, test players) draws from these.
 */
export const CHARACTER_LOOK_RANGES = Object.fromEntries(
  CHARACTER_ATTRIBUTES.map((a) => [a.key, { min: 1, max: a.options.length }]),
) as Readonly<Record<CharacterAttributeKey, { readonly min: number; readonly max: number }>>;

/** Every attribute at its first option. */
export function defaultCharacterAttributes(): CharacterAttributes {
  return Object.fromEntries(
    CHARACTER_ATTRIBUTE_KEYS.map((key) => [key, CHARACTER_LOOK_RANGES[key].min]),
  ) as CharacterAttributes;
}

/** True when every attribute is present and names one of its options. */
export function isValidCharacterLook(attributes: Partial<Record<string, number>>): boolean {
  return CHARACTER_ATTRIBUTE_KEYS.every((key) => {
    const v = attributes[key];
    const { min, max } = CHARACTER_LOOK_RANGES[key];
    return Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
  });
}

export { AREA_COUNT, AREA_NAMES, areaName } from './areas.ts';

/** Clans.sol's length rules, in bytes. */
export const CLAN_NAME_BYTES = { min: 3, max: 24 } as const;
export const CLAN_TAG_BYTES = { min: 2, max: 5 } as const;
export const CLAN_DESCRIPTION_MAX_BYTES = 280;

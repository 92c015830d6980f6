import { describe, expect, it } from 'vitest';
import {
  ABILITIES,
  abilitiesFor,
  canLearnAbility,
  findAbility,
  findMainRune,
  findPersonality,
  findSpecies,
  findSubRune,
  getAbility,
  getSpecies,
  getSubRune,
  isPlayableSpecies,
  MAIN_RUNES,
  PERSONALITIES,
  SPECIES,
  STAT_KEYS,
  SUB_RUNES,
  statIndex,
  UnknownIdError,
} from '../src/index.ts';

// Copied from product spec section 3 so a typo in the catalogue fails here.
// biome-ignore format: grouped four to a line as in the spec
const SPEC_ABILITY_NAMES = [
  'Double Claw', 'Roar', 'Bear Trap', 'Knock-up',
  'Arcane Bomb', 'Arcane Missile', 'Re-Direct', 'Teleport',
  'Hail Storm', 'Sunbeam', 'Earthquake',
  'Blob Barrage', 'Spore Bomb', 'Home Dig', 'Fairy Ring',
  'Homing Carrot', 'Carrot Rain', 'Terrain Shift', 'Sanctuary',
  'Frantic Force', 'Spirit Shroud', 'Augury', 'Weapon of Return',
  'Stormy Puff', 'Star Struck', 'Forecast', 'Slumber Dust',
  'Buzz', 'Pounce', 'Flame Frenzy', 'Scorching Honey',
  'Graceful Gale', 'Klaidoscope', 'Poisonous Pollen', 'Snap',
];
const SPEC_SPECIES_NAMES = [
  'NPC VERA',
  'Bjorn',
  'Madhattr',
  'Hushroom',
  'Skaerrot',
  'Bigghaer',
  'Klautjasar',
  'Igby',
  'Flinndor',
];

describe('species', () => {
  it('has ids 0..8 with the spec names, unique slugs and a description', () => {
    expect(SPECIES.map((s) => s.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(SPECIES.map((s) => s.name)).toEqual(SPEC_SPECIES_NAMES);
    expect(new Set(SPECIES.map((s) => s.slug)).size).toBe(9);
    for (const s of SPECIES) {
      expect(s.slug).toMatch(/^[a-z0-9-]+$/);
      expect(s.description.length).toBeGreaterThan(20);
    }
  });

  it('finds known ids and rejects unknown ones', () => {
    expect(getSpecies(7).name).toBe('Igby');
    expect(findSpecies(9)).toBeUndefined();
    expect(findSpecies(-1)).toBeUndefined();
    expect(() => getSpecies(9)).toThrow(UnknownIdError);
  });

  it('counts every species but the NPC vera as playable', () => {
    expect(SPECIES.filter((s) => !isPlayableSpecies(s.id)).map((s) => s.name)).toEqual(['NPC VERA']);
    expect(isPlayableSpecies(9)).toBe(false);
  });
});

describe('runes, personalities, stats', () => {
  it('numbers main runes and personalities as the contracts do', () => {
    expect(MAIN_RUNES.map((r) => [r.id, r.name])).toEqual([
      [1, 'Sun'],
      [2, 'Nature'],
      [3, 'Hail'],
    ]);
    expect(PERSONALITIES.map((p) => [p.id, p.name])).toEqual([
      [1, 'Shy'],
      [2, 'Serious'],
      [3, 'Aggressive'],
    ]);
    expect(findMainRune(0)).toBeUndefined();
    expect(findPersonality(4)).toBeUndefined();
  });

  it('keeps contract stat order and the sub-rune mapping', () => {
    expect(STAT_KEYS).toEqual(['strength', 'dexterity', 'vitality', 'intellect', 'wisdom', 'charisma']);
    expect(statIndex('intellect')).toBe(3);
    expect(SUB_RUNES.map((r) => r.stat)).toEqual([
      'strength',
      'intellect',
      'charisma',
      'vitality',
      'dexterity',
      'wisdom',
    ]);
    expect(getSubRune(5).stat).toBe('dexterity');
    expect(findSubRune(7)).toBeUndefined();
    expect(() => getSubRune(0)).toThrow(UnknownIdError);
  });
});

describe('abilities', () => {
  it('has 35 abilities with ids 1..35 and the spec names', () => {
    expect(ABILITIES).toHaveLength(35);
    expect(ABILITIES.map((a) => a.id)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
    expect(ABILITIES.map((a) => a.name)).toEqual(SPEC_ABILITY_NAMES);
    for (const a of ABILITIES) expect(a.description.length).toBeGreaterThan(20);
  });

  it('gives every playable species exactly four abilities and NPC VERA none', () => {
    for (const s of SPECIES) {
      const own = ABILITIES.filter((a) => a.group === s.id);
      expect(own, s.name).toHaveLength(s.id === 0 ? 0 : 4);
    }
  });

  it('ties rune abilities to their rune', () => {
    const runeOf = Object.fromEntries(
      ABILITIES.flatMap((a) => (a.group === 'rune' ? [[a.name, a.rune]] : [])),
    );
    expect(runeOf).toEqual({ 'Hail Storm': 3, Sunbeam: 1, Earthquake: 2 });
  });

  it('states the spec numbers in descriptions', () => {
    expect(getAbility(8).description).toContain('radius of 4');
    expect(getAbility(13).description).toContain('radius of 3');
    expect(getAbility(14).description).toContain('5%, 5% and then 10%');
    expect(getAbility(20).description).toContain('85%');
    expect(getAbility(24).description).toContain('10 turns');
    expect(getAbility(35).description).toContain('2 tiles');
  });

  it('looks up by id', () => {
    expect(findAbility(10)?.name).toBe('Sunbeam');
    expect(findAbility(36)).toBeUndefined();
    expect(() => getAbility(0)).toThrow(UnknownIdError);
  });

  it('lists learnable abilities as species four plus main rune one', () => {
    expect(abilitiesFor(1, 3).map((a) => a.id)).toEqual([1, 2, 3, 4, 9]);
    expect(abilitiesFor(2, 1).map((a) => a.id)).toEqual([5, 6, 7, 8, 10]);
    expect(abilitiesFor(8, 2).map((a) => a.id)).toEqual([11, 32, 33, 34, 35]);
    expect(abilitiesFor(0, 1).map((a) => a.id)).toEqual([10]);
    for (const s of SPECIES.slice(1)) {
      for (const r of MAIN_RUNES) expect(abilitiesFor(s.id, r.id)).toHaveLength(5);
    }
  });

  it('refuses other species and other runes', () => {
    expect(canLearnAbility(1, 3, 9)).toBe(true);
    expect(canLearnAbility(1, 3, 10)).toBe(false);
    expect(canLearnAbility(1, 3, 5)).toBe(false);
    expect(() => abilitiesFor(9, 1)).toThrow(UnknownIdError);
    expect(() => abilitiesFor(1, 4)).toThrow(UnknownIdError);
  });
});

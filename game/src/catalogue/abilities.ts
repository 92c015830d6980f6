import { findById, getById } from './lookup.ts';
import { getMainRune, type MainRuneId } from './runes.ts';
import { getSpecies, type SpeciesId } from './species.ts';

/**
 * Abilities 1..35. `group` is the species that owns the ability, or 'rune' for the three main-rune abilities
 * any species may learn. Descriptions use only the numbers and effects the product spec states (sections 4
 * and 9); where the spec gives none, the sentence stays qualitative rather than invent a figure.
 */
export const ABILITIES = [
  {
    id: 1,
    name: 'Double Claw',
    group: 1,
    description: 'Rakes an adjacent foe with both claws, striking twice.',
  },
  {
    id: 2,
    name: 'Roar',
    group: 1,
    description: 'A bellow that shakes the fjord and rattles every foe nearby.',
  },
  {
    id: 3,
    name: 'Bear Trap',
    group: 1,
    description: 'Sets an iron trap; the first foe to step in is snared for 1 turn.',
  },
  { id: 4, name: 'Knock-up', group: 1, description: 'Hurls a foe within a range of 4 tiles into the air.' },
  {
    id: 5,
    name: 'Arcane Bomb',
    group: 2,
    description: 'Lobs a bomb of seidr that bursts on the foes around it.',
  },
  { id: 6, name: 'Arcane Missile', group: 2, description: 'Fires a bolt of arcane force at a distant foe.' },
  {
    id: 7,
    name: 'Re-Direct',
    group: 2,
    description: 'Bends an incoming attack aside, turning it from its mark.',
  },
  {
    id: 8,
    name: 'Teleport',
    group: 2,
    description: 'Vanishes and reappears on a free tile within a radius of 4.',
  },
  {
    id: 9,
    name: 'Hail Storm',
    group: 'rune',
    rune: 3,
    description: 'Calls the hail of Niflheim down on an area, battering every foe beneath it.',
  },
  {
    id: 10,
    name: 'Sunbeam',
    group: 'rune',
    rune: 1,
    description: 'Focuses the light of Sól into a beam that strikes every foe along a line of 5 tiles.',
  },
  {
    id: 11,
    name: 'Earthquake',
    group: 'rune',
    rune: 2,
    description: 'Splits the earth beneath the field, shaking every foe standing on it.',
  },
  {
    id: 12,
    name: 'Blob Barrage',
    group: 3,
    description: 'Spits a volley of spore blobs at a foe from afar.',
  },
  {
    id: 13,
    name: 'Spore Bomb',
    group: 3,
    description:
      'Bursts a spore cloud with a radius of 3. Foes inside are poisoned for 3 turns; staying in the cloud doubles the damage and resets the count.',
  },
  {
    id: 14,
    name: 'Home Dig',
    group: 3,
    description:
      'Burrows in and heals 5%, 5% and then 10% of max health over up to 3 turns. Recasting it, casting another ability, moving or using an item ends the dig.',
  },
  {
    id: 15,
    name: 'Fairy Ring',
    group: 3,
    description: 'Raises a ring of toadstools that claims the ground within it.',
  },
  {
    id: 16,
    name: 'Homing Carrot',
    group: 4,
    description: 'Launches a carrot that chases its target, moving 2 tiles per turn for 2 turns.',
  },
  {
    id: 17,
    name: 'Carrot Rain',
    group: 4,
    description: 'Carrots rain down over an area, pelting every foe below.',
  },
  {
    id: 18,
    name: 'Terrain Shift',
    group: 4,
    description: 'Reshapes the ground to block paths and herd foes.',
  },
  {
    id: 19,
    name: 'Sanctuary',
    group: 4,
    description: 'Hallows a patch of ground; allies inside it are invisible to foes.',
  },
  {
    id: 20,
    name: 'Frantic Force',
    group: 5,
    description:
      'Charges 3 tiles, dealing 85% damage to foes on the path and 100% on the last tile, then is exhausted for 1 turn.',
  },
  {
    id: 21,
    name: 'Spirit Shroud',
    group: 5,
    description: 'Wraps itself in ancestral spirits that return 50% of the damage it takes.',
  },
  {
    id: 22,
    name: 'Augury',
    group: 5,
    description: 'Reads the runes of fate and leaves the foe Pressured: its pick phase is cut to 20 seconds.',
  },
  {
    id: 23,
    name: 'Weapon of Return',
    group: 5,
    description: 'Throws its hammer, which flies back to its hand and strikes on the way out and back.',
  },
  {
    id: 24,
    name: 'Stormy Puff',
    group: 6,
    description:
      'Summons a storm cloud that stays for 10 turns and drifts 1 tile per turn; at most 4 can be on the map.',
  },
  { id: 25, name: 'Star Struck', group: 6, description: 'Calls a falling star down on a single foe.' },
  {
    id: 26,
    name: 'Forecast',
    group: 6,
    description: 'Reads the sky to foretell where the storm will strike next.',
  },
  {
    id: 27,
    name: 'Slumber Dust',
    group: 6,
    description: 'Scatters dust over a foe, which falls asleep for 1 turn after a delay of 1 turn.',
  },
  {
    id: 28,
    name: 'Buzz',
    group: 7,
    description: 'Darts to a free tile within a radius of 2, too quick to follow.',
  },
  { id: 29, name: 'Pounce', group: 7, description: 'Leaps onto a foe and strikes before it can react.' },
  {
    id: 30,
    name: 'Flame Frenzy',
    group: 7,
    description: 'Unleashes a flurry of fiery strikes on nearby foes.',
  },
  {
    id: 31,
    name: 'Scorching Honey',
    group: 7,
    description: 'Drips burning honey on a foe that keeps scorching it for three turns.',
  },
  {
    id: 32,
    name: 'Graceful Gale',
    group: 8,
    description: 'Beats its wings and sweeps foes aside with a gust.',
  },
  {
    id: 33,
    name: 'Klaidoscope',
    group: 8,
    description: 'Dazzles foes with a whirl of shimmering wing-light.',
  },
  {
    id: 34,
    name: 'Poisonous Pollen',
    group: 8,
    description: 'Shakes pollen from its wings; foes who breathe it are poisoned for 3 turns.',
  },
  { id: 35, name: 'Snap', group: 8, description: 'Snaps its beak at a foe up to 2 tiles away.' },
] as const satisfies readonly (
  | { id: number; name: string; group: SpeciesId; description: string }
  | { id: number; name: string; group: 'rune'; rune: MainRuneId; description: string }
)[];

export type Ability = (typeof ABILITIES)[number];
export type AbilityId = Ability['id'];

/** A vera holds at most this many learned abilities (IVeras.learnVeraAbility: "max 4"). */
export const MAX_LEARNED_ABILITIES = 4;

export function findAbility(id: number): Ability | undefined {
  return findById(ABILITIES, id);
}

export function getAbility(id: number): Ability {
  return getById('ability', ABILITIES, id);
}

/**
 * The abilities a vera of this species and main rune may learn: its species' four (none for species 0) plus its
 * main rune's one, in id order. Mirrors the contract rule "species' or main rune's ability" behind
 * Vera_AbilityNotAllowed. Throws UnknownIdError for an unknown species or rune.
 */
export function abilitiesFor(species: number, mainRune: number): Ability[] {
  getSpecies(species);
  getMainRune(mainRune);
  return ABILITIES.filter((a) => (a.group === 'rune' ? a.rune === mainRune : a.group === species));
}

/** Whether the contract would let such a vera learn `abilityId` (ignoring the MAX_LEARNED_ABILITIES count). */
export function canLearnAbility(species: number, mainRune: number, abilityId: number): boolean {
  return abilitiesFor(species, mainRune).some((a) => a.id === abilityId);
}

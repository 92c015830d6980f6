import { findById, getById } from './lookup.ts';

/** Species 0..8 as the contracts number them (VeraData.species). `slug` is safe for image paths and URLs. */
export const SPECIES = [
  {
    id: 0,
    name: 'NPC VERA',
    slug: 'npc-vera',
    trait: 'a bot',
    description:
      'A rune-driven husk raised by the skalds to spar with young vikings. It keeps no memory of the fights it loses.',
  },
  {
    id: 1,
    name: 'Bjorn',
    slug: 'bjorn',
    trait: 'bear, melee',
    description:
      'A great bear of the northern pinewoods who settles every quarrel tooth to tooth. Where Bjorn stands, the shield-wall holds.',
  },
  {
    id: 2,
    name: 'Madhattr',
    slug: 'madhattr',
    trait: 'ranged, teleport',
    description:
      'A wandering seidr-caster who strikes from afar and steps between places as if the world were a folded map.',
  },
  {
    id: 3,
    name: 'Hushroom',
    slug: 'hushroom',
    trait: 'area control, damage over time',
    description:
      'A toadstool spirit of the damp barrow-mounds. Its spores claim ground slowly, and whoever lingers there withers.',
  },
  {
    id: 4,
    name: 'Skaerrot',
    slug: 'skaerrot',
    trait: 'crowd control and healing',
    description:
      'A root-wight of the farmsteads that roots foes in place and mends its kin with the earth’s own sap.',
  },
  {
    id: 5,
    name: 'Bigghaer',
    slug: 'bigghaer',
    trait: 'strategic, hammer',
    description:
      'A hammer-bearing seer who reads the runes before every swing. It wins battles in the mind before the thunder falls.',
  },
  {
    id: 6,
    name: 'Klautjasar',
    slug: 'klautjasar',
    trait: 'storms',
    description:
      'A cloud-herder from the edge of the world who gathers squalls and drives them over the field.',
  },
  {
    id: 7,
    name: 'Igby',
    slug: 'igby',
    trait: 'fast, fragile, fire',
    description:
      'A spark from Muspelheim on quick wings. It burns bright and hits first, but a single blow can snuff it.',
  },
  {
    id: 8,
    name: 'Flinndor',
    slug: 'flinndor',
    trait: 'wings, wind',
    description: 'A winged guardian of the high fells whose every wingbeat bends the wind to its will.',
  },
] as const;

/**
 * Species 0 is the NPC vera: starters and trackers reject it and encounters and lootboxes roll 1..8 (Veras.sol,
 * Characters.sol), so only an admin grant mints one. Per-species figures for players leave it out.
 */
export const NPC_SPECIES = 0;

/** Whether players can own this species through play (every species but the NPC vera). */
export const isPlayableSpecies = (id: number): boolean =>
  id !== NPC_SPECIES && findById(SPECIES, id) !== undefined;

export type Species = (typeof SPECIES)[number];
export type SpeciesId = Species['id'];

export function findSpecies(id: number): Species | undefined {
  return findById(SPECIES, id);
}

/** Throws UnknownIdError for ids outside 0..8. */
export function getSpecies(id: number): Species {
  return getById('species', SPECIES, id);
}

import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { hex, int, int8, uint } from '../columns.ts';
import { documented } from '../docs.ts';

const subject = 'Veras';
const innate = (stat: string) =>
  `innate (raw) ${stat}, 22..52; the public stat is this minus 20 (minus 2 more for the sub-rune’s stat)`;
const effective = (stat: string) => `effective ${stat}: innate plus allocated points`;

export const vera = documented(
  subject,
  pgTable('vera', {
    id: uint('id').primaryKey(),
    owner: hex('owner').notNull(),
    characterId: uint('character_id').notNull(),
    species: int('species').notNull(),
    mainRune: int('main_rune').notNull(),
    subRune: int('sub_rune').notNull(),
    personality: int('personality').notNull(),
    level: int('level').notNull(),
    experience: int('experience').notNull(),
    unallocatedPoints: int('unallocated_points').notNull(),
    strength: int('strength').notNull(),
    dexterity: int('dexterity').notNull(),
    vitality: int('vitality').notNull(),
    intellect: int('intellect').notNull(),
    wisdom: int('wisdom').notNull(),
    charisma: int('charisma').notNull(),
    effectiveStrength: int('effective_strength').notNull(),
    effectiveDexterity: int('effective_dexterity').notNull(),
    effectiveVitality: int('effective_vitality').notNull(),
    effectiveIntellect: int('effective_intellect').notNull(),
    effectiveWisdom: int('effective_wisdom').notNull(),
    effectiveCharisma: int('effective_charisma').notNull(),
    abilities: integer('abilities').array().notNull(),
    wins: int8('wins').notNull(),
    losses: int8('losses').notNull(),
    ties: int8('ties').notNull(),
    origin: int('origin').notNull(),
    mintMethod: text('mint_method').notNull(),
    mintTx: hex('mint_tx').notNull(),
    mintedBlock: uint('minted_block').notNull(),
    mintedAt: uint('minted_at').notNull(),
  }),
  'Every vera (the ERC-721 collection) with its on-chain fields, its current owner and how it was minted.',
  {
    id: 'vera id (the token id), shown at /vera/{id}',
    owner: 'current owner’s address (joins account.address; account.character_id is the owner’s character)',
    characterId: 'the character it was minted for (joins character.id)',
    species: 'species id (joins species.id)',
    mainRune: 'main rune id (joins main_rune.id)',
    subRune: 'sub-rune id (joins sub_rune.id)',
    personality: 'personality id (joins personality.id)',
    level: 'current level',
    experience: 'experience points (uint24)',
    unallocatedPoints: 'stat points earned and not yet allocated',
    strength: innate('strength'),
    dexterity: innate('dexterity'),
    vitality: innate('vitality'),
    intellect: innate('intellect'),
    wisdom: innate('wisdom'),
    charisma: innate('charisma'),
    effectiveStrength: effective('strength'),
    effectiveDexterity: effective('dexterity'),
    effectiveVitality: effective('vitality'),
    effectiveIntellect: effective('intellect'),
    effectiveWisdom: effective('wisdom'),
    effectiveCharisma: effective('charisma'),
    abilities: 'ids of the abilities learned (join ability.id)',
    wins: 'battles won',
    losses: 'battles lost',
    ties: 'battles tied',
    origin: 'how the contract says it came to be: 1 encounter, 2 lootbox, 3 admin grant',
    mintMethod:
      'decoded from the mint transaction’s input: encounter | openLootBox | admin_grantVera | other',
    mintTx: 'transaction that minted it',
    mintedBlock: 'block it was minted in',
    mintedAt: 'mint time, unix seconds',
  },
);

export const mint = documented(
  subject,
  pgTable('mint', {
    veraId: uint('vera_id').primaryKey(),
    method: text('method').notNull(),
    selector: hex('selector').notNull(),
    owner: hex('owner').notNull(),
    characterId: uint('character_id').notNull(),
    origin: int('origin').notNull(),
    species: int('species').notNull(),
    txHash: hex('tx_hash').notNull(),
    txFrom: hex('tx_from').notNull(),
    blockNumber: uint('block_number').notNull(),
    logIndex: int('log_index').notNull(),
    timestamp: uint('timestamp').notNull(),
  }),
  'One row per vera mint, with the method decoded from the transaction input.',
  {
    veraId: 'the minted vera (joins vera.id)',
    method: 'encounter | openLootBox | admin_grantVera | other',
    selector: 'first 4 bytes of the transaction input',
    owner: 'address it was minted to',
    characterId: 'the character it was minted for (joins character.id)',
    origin: '1 encounter, 2 lootbox, 3 admin grant',
    species: 'species id (joins species.id)',
    txFrom: 'sender of the mint transaction',
  },
);

export const veraTransfer = documented(
  subject,
  pgTable('vera_transfer', {
    id: text('id').primaryKey(),
    veraId: uint('vera_id').notNull(),
    from: hex('from').notNull(),
    to: hex('to').notNull(),
    blockNumber: uint('block_number').notNull(),
    logIndex: int('log_index').notNull(),
    timestamp: uint('timestamp').notNull(),
    txHash: hex('tx_hash').notNull(),
  }),
  'Every ERC-721 Transfer of a vera; mints come from the zero address.',
  {
    id: 'event id: the chain checkpoint of the event; sorting by it is chain order',
    veraId: 'the vera (joins vera.id)',
    from: 'previous owner (zero address for a mint)',
    to: 'new owner',
  },
);

export const veraAbility = documented(
  subject,
  pgTable(
    'vera_ability',
    {
      veraId: uint('vera_id').notNull(),
      abilityId: int('ability_id').notNull(),
      learnedBlock: uint('learned_block').notNull(),
    },
    (t) => [primaryKey({ columns: [t.veraId, t.abilityId] })],
  ),
  'Abilities each vera has learned, one row each.',
  {
    veraId: 'the vera (joins vera.id)',
    abilityId: 'the ability (joins ability.id)',
    learnedBlock: 'block it was learned in',
  },
);

export const veraTracker = documented(
  subject,
  pgTable(
    'vera_tracker',
    {
      characterId: uint('character_id').notNull(),
      species: int('species').notNull(),
      areaId: int('area_id').notNull(),
      statIndex: int('stat_index').notNull(),
      minimumStatRarity: int('minimum_stat_rarity').notNull(),
      trackedBlock: uint('tracked_block').notNull(),
    },
    (t) => [primaryKey({ columns: [t.characterId, t.species] })],
  ),
  'Vera trackers a character has set (IVeras.trackVera), one per species.',
  {
    characterId: 'the tracking character (joins character.id)',
    species: 'tracked species (joins species.id)',
    areaId: 'area where the species is tracked',
    statIndex: 'stat the tracker looks at',
    minimumStatRarity: 'minimum rarity of that stat',
    trackedBlock: 'block the tracker was set in',
  },
);

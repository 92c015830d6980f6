import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { hex, int, int8, uint } from '../columns.ts';

/** Every vera: on-chain fields, owner, innate and effective stats, and how it was minted. */
export const vera = pgTable('vera', {
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
  /** encounter | openLootBox | admin_grantVera | other */
  mintMethod: text('mint_method').notNull(),
  mintTx: hex('mint_tx').notNull(),
  mintedBlock: uint('minted_block').notNull(),
  mintedAt: uint('minted_at').notNull(),
});

/** One row per mint, method decoded from the transaction input. */
export const mint = pgTable('mint', {
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
});

/** Every ERC-721 Transfer of a vera (mints come from the zero address). */
export const veraTransfer = pgTable('vera_transfer', {
  id: text('id').primaryKey(),
  veraId: uint('vera_id').notNull(),
  from: hex('from').notNull(),
  to: hex('to').notNull(),
  blockNumber: uint('block_number').notNull(),
  logIndex: int('log_index').notNull(),
  timestamp: uint('timestamp').notNull(),
  txHash: hex('tx_hash').notNull(),
});

/** Abilities each vera learned (join `ability` for names). */
export const veraAbility = pgTable(
  'vera_ability',
  {
    veraId: uint('vera_id').notNull(),
    abilityId: int('ability_id').notNull(),
    learnedBlock: uint('learned_block').notNull(),
  },
  (t) => [primaryKey({ columns: [t.veraId, t.abilityId] })],
);

/** Vera trackers per character and species. */
export const veraTracker = pgTable(
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
);

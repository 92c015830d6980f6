/**
 * Veras (the ERC-721 collection), their mints, transfers, abilities and trackers.
 * Every table and column is described once, in @skald/db (src/tables/*); ponder.schema.ts attaches those
 * descriptions to these tables for the GraphQL schema.
 */
import { index, onchainTable, primaryKey } from 'ponder';

export const vera = onchainTable(
  'vera',
  (t) => ({
    id: t.bigint().primaryKey(),
    owner: t.hex().notNull(),
    characterId: t.bigint().notNull(),
    species: t.integer().notNull(),
    mainRune: t.integer().notNull(),
    subRune: t.integer().notNull(),
    personality: t.integer().notNull(),
    level: t.integer().notNull(),
    experience: t.integer().notNull(),
    unallocatedPoints: t.integer().notNull(),
    strength: t.integer().notNull(),
    dexterity: t.integer().notNull(),
    vitality: t.integer().notNull(),
    intellect: t.integer().notNull(),
    wisdom: t.integer().notNull(),
    charisma: t.integer().notNull(),
    effectiveStrength: t.integer().notNull(),
    effectiveDexterity: t.integer().notNull(),
    effectiveVitality: t.integer().notNull(),
    effectiveIntellect: t.integer().notNull(),
    effectiveWisdom: t.integer().notNull(),
    effectiveCharisma: t.integer().notNull(),
    abilities: t.integer().array().notNull(),
    wins: t.int8({ mode: 'number' }).notNull(),
    losses: t.int8({ mode: 'number' }).notNull(),
    ties: t.int8({ mode: 'number' }).notNull(),
    origin: t.integer().notNull(),
    mintMethod: t.text().notNull(),
    mintTx: t.hex().notNull(),
    mintedBlock: t.bigint().notNull(),
    mintedAt: t.bigint().notNull(),
  }),
  (table) => ({
    ownerIdx: index().on(table.owner),
    characterIdx: index().on(table.characterId),
    speciesIdx: index().on(table.species),
  }),
);

export const mint = onchainTable(
  'mint',
  (t) => ({
    veraId: t.bigint().primaryKey(),
    method: t.text().notNull(),
    selector: t.hex().notNull(),
    owner: t.hex().notNull(),
    characterId: t.bigint().notNull(),
    origin: t.integer().notNull(),
    species: t.integer().notNull(),
    txHash: t.hex().notNull(),
    txFrom: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({ methodIdx: index().on(table.method), blockIdx: index().on(table.blockNumber) }),
);

export const veraTransfer = onchainTable(
  'vera_transfer',
  (t) => ({
    id: t.text().primaryKey(),
    veraId: t.bigint().notNull(),
    from: t.hex().notNull(),
    to: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ veraIdx: index().on(table.veraId), toIdx: index().on(table.to) }),
);

export const veraAbility = onchainTable(
  'vera_ability',
  (t) => ({
    veraId: t.bigint().notNull(),
    abilityId: t.integer().notNull(),
    learnedBlock: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.veraId, table.abilityId] }) }),
);

export const veraTracker = onchainTable(
  'vera_tracker',
  (t) => ({
    characterId: t.bigint().notNull(),
    species: t.integer().notNull(),
    areaId: t.integer().notNull(),
    statIndex: t.integer().notNull(),
    minimumStatRarity: t.integer().notNull(),
    trackedBlock: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.characterId, table.species] }) }),
);

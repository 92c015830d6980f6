/**
 * Battles, queues, submitted actions and elo.
 * Every table and column is described once, in @skald/db (src/tables/*); ponder.schema.ts attaches those
 * descriptions to these tables for the GraphQL schema.
 */
import { index, onchainTable, primaryKey } from 'ponder';

export const battle = onchainTable(
  'battle',
  (t) => ({
    id: t.bigint().primaryKey(),
    battleType: t.integer().notNull(),
    characterA: t.bigint().notNull(),
    characterB: t.bigint().notNull(),
    verasA: t.bigint().array().notNull(),
    verasB: t.bigint().array().notNull(),
    status: t.text().notNull(),
    result: t.integer(),
    scoreA: t.bigint(),
    scoreB: t.bigint(),
    startedAt: t.bigint().notNull(),
    startedBlock: t.bigint().notNull(),
    resolvedAt: t.bigint(),
    resolvedBlock: t.bigint(),
  }),
  (table) => ({
    aIdx: index().on(table.characterA),
    bIdx: index().on(table.characterB),
    statusIdx: index().on(table.status),
  }),
);

export const battleAction = onchainTable(
  'battle_action',
  (t) => ({
    battleId: t.bigint().notNull(),
    characterId: t.bigint().notNull(),
    actions: t.integer().array().notNull(),
    surrenderIds: t.bigint().array().notNull(),
    submittedAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.battleId, table.characterId] }) }),
);

export const battleQueue = onchainTable(
  'battle_queue',
  (t) => ({
    characterId: t.bigint().notNull(),
    battleType: t.integer().notNull(),
    veraIds: t.bigint().array().notNull(),
    enteredAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.characterId, table.battleType] }) }),
);

export const battleChallenge = onchainTable(
  'battle_challenge',
  (t) => ({
    id: t.bigint().primaryKey(),
    challenger: t.bigint().notNull(),
    opponent: t.bigint().notNull(),
    battleType: t.integer().notNull(),
    veraIds: t.bigint().array().notNull(),
    status: t.text().notNull(),
    battleId: t.bigint(),
    sentAt: t.bigint().notNull(),
    closedAt: t.bigint(),
  }),
  (table) => ({ challengerIdx: index().on(table.challenger), opponentIdx: index().on(table.opponent) }),
);

export const battleTypeSetting = onchainTable('battle_type_setting', (t) => ({
  battleType: t.integer().primaryKey(),
  enabled: t.boolean().notNull(),
  updatedBlock: t.bigint().notNull(),
}));

export const elo = onchainTable(
  'elo',
  (t) => ({
    characterId: t.bigint().notNull(),
    battleType: t.integer().notNull(),
    elo: t.int8({ mode: 'number' }).notNull(),
    battles: t.integer().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.characterId, table.battleType] }),
    leaderboardIdx: index().on(table.battleType, table.elo),
  }),
);

export const eloHistory = onchainTable(
  'elo_history',
  (t) => ({
    id: t.text().primaryKey(),
    characterId: t.bigint().notNull(),
    battleType: t.integer().notNull(),
    battleId: t.bigint().notNull(),
    eloBefore: t.int8({ mode: 'number' }).notNull(),
    eloAfter: t.int8({ mode: 'number' }).notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({ characterIdx: index().on(table.characterId, table.battleType) }),
);

/** Battles, queues, submitted actions and elo. */
import { index, onchainTable, primaryKey } from 'ponder';

/** One row per battle: started, then resolved. `result` is from A's side: 1 A won, 2 B won, 3 tie. */
export const battle = onchainTable(
  'battle',
  (t) => ({
    id: t.bigint().primaryKey(),
    battleType: t.integer().notNull(),
    characterA: t.bigint().notNull(),
    characterB: t.bigint().notNull(),
    verasA: t.bigint().array().notNull(),
    verasB: t.bigint().array().notNull(),
    /** started | resolved */
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

/** Actions a side submitted in a battle (0 attack, 1 defend, 2 ability per vera) and surrendered veras. */
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

/** Characters waiting in a queue now (a row leaves when paired or when the character leaves). */
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

/** Challenges between two characters; status open | accepted | declined | withdrawn (battleId once accepted). */
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

/** Whether each battle type is enabled (admins toggle). Types 1 and 2 start enabled. */
export const battleTypeSetting = onchainTable('battle_type_setting', (t) => ({
  battleType: t.integer().primaryKey(),
  enabled: t.boolean().notNull(),
  updatedBlock: t.bigint().notNull(),
}));

/** Current elo per character per battle type. */
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

/** Every elo change, one row per character per battle. */
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

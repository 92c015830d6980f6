/**
 * The admin audit trail, the activity feed and the lookup tables for analysts.
 * Every table and column is described once, in @skald/db (src/tables/*); ponder.schema.ts attaches those
 * descriptions to these tables for the GraphQL schema.
 */
import { index, onchainTable } from 'ponder';

export const adminGrant = onchainTable(
  'admin_grant',
  (t) => ({
    id: t.text().primaryKey(),
    admin: t.hex().notNull(),
    kind: t.integer().notNull(),
    kindName: t.text().notNull(),
    target: t.bigint().notNull(),
    targetCharacterId: t.bigint(),
    subjectId: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    contract: t.text().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  // the audit pages newest-first by id under each filter
  (table) => ({
    adminIdx: index().on(table.admin, table.id),
    kindIdx: index().on(table.kind, table.id),
    targetCharacterIdx: index().on(table.targetCharacterId, table.id),
    timestampIdx: index().on(table.timestamp),
  }),
);

export const adminAction = onchainTable(
  'admin_action',
  (t) => ({
    id: t.text().primaryKey(),
    admin: t.hex().notNull(),
    action: t.text().notNull(),
    detail: t.jsonb().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ adminIdx: index().on(table.admin) }),
);

export const activity = onchainTable(
  'activity',
  (t) => ({
    cursor: t.text().primaryKey(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    type: t.text().notNull(),
    event: t.text().notNull(),
    account: t.hex(),
    characterId: t.bigint(),
    otherCharacterId: t.bigint(),
    subjectId: t.bigint(),
    payload: t.jsonb().notNull(),
  }),
  (table) => ({
    typeIdx: index().on(table.type, table.cursor),
    characterIdx: index().on(table.characterId, table.cursor),
    accountIdx: index().on(table.account, table.cursor),
  }),
);

export const species = onchainTable('species', (t) => ({
  id: t.integer().primaryKey(),
  name: t.text().notNull(),
  slug: t.text().notNull(),
  trait: t.text().notNull(),
}));

export const mainRune = onchainTable('main_rune', (t) => ({
  id: t.integer().primaryKey(),
  name: t.text().notNull(),
}));

export const subRune = onchainTable('sub_rune', (t) => ({
  id: t.integer().primaryKey(),
  name: t.text().notNull(),
  stat: t.text().notNull(),
}));

export const personality = onchainTable('personality', (t) => ({
  id: t.integer().primaryKey(),
  name: t.text().notNull(),
}));

export const ability = onchainTable('ability', (t) => ({
  id: t.integer().primaryKey(),
  name: t.text().notNull(),
  species: t.integer(),
  rune: t.integer(),
  description: t.text().notNull(),
}));

export const codeLabel = onchainTable('code_label', (t) => ({
  id: t.text().primaryKey(),
  codeSet: t.text().notNull(),
  code: t.integer().notNull(),
  label: t.text().notNull(),
}));

/**
 * Accounts, characters, account links and roles: who plays and who administers.
 * Every table and column is described once, in @skald/db (src/tables/*); ponder.schema.ts attaches those
 * descriptions to these tables for the GraphQL schema.
 */
import { index, onchainTable, primaryKey } from 'ponder';

export const account = onchainTable(
  'account',
  (t) => ({
    address: t.hex().primaryKey(),
    characterId: t.bigint().notNull(),
    name: t.text().notNull(),
    mainAccount: t.hex().notNull(),
    isAdmin: t.boolean().notNull(),
    role: t.integer().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({ characterIdx: index().on(table.characterId) }),
);

export const accountLink = onchainTable(
  'account_link',
  (t) => ({
    mainAccount: t.hex().notNull(),
    playAccount: t.hex().notNull(),
    status: t.text().notNull(),
    isPending: t.boolean().notNull(),
    requestedAt: t.bigint().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.mainAccount, table.playAccount] }),
    playIdx: index().on(table.playAccount),
  }),
);

export const character = onchainTable(
  'character',
  (t) => ({
    id: t.bigint().primaryKey(),
    account: t.hex().notNull(),
    name: t.text().notNull(),
    referrer: t.hex().notNull(),
    state: t.integer().notNull(),
    clanId: t.bigint().notNull(),
    starterSpecies: t.integer().notNull(),
    starterRune: t.integer().notNull(),
    bodyType: t.integer().notNull(),
    eyeColorMain: t.integer().notNull(),
    eyeColorSecondary: t.integer().notNull(),
    hairColor: t.integer().notNull(),
    hairType: t.integer().notNull(),
    skinColor: t.integer().notNull(),
    accessoryColor: t.integer().notNull(),
    accessoryMainType: t.integer().notNull(),
    accessorySecondaryType: t.integer().notNull(),
    leatherColor: t.integer().notNull(),
    pantsColor: t.integer().notNull(),
    shirtColor: t.integer().notNull(),
    stitchesColor: t.integer().notNull(),
    registeredAt: t.bigint().notNull(),
    lastLoginAt: t.bigint(),
    createdBlock: t.bigint().notNull(),
    createdTx: t.hex().notNull(),
  }),
  (table) => ({ accountIdx: index().on(table.account), clanIdx: index().on(table.clanId) }),
);

export const roleMember = onchainTable(
  'role_member',
  (t) => ({
    account: t.hex().notNull(),
    role: t.integer().notNull(),
    grantedBy: t.hex().notNull(),
    grantedBlock: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.account, table.role] }) }),
);

export const roleChange = onchainTable(
  'role_change',
  (t) => ({
    id: t.text().primaryKey(),
    account: t.hex().notNull(),
    role: t.integer().notNull(),
    granted: t.boolean().notNull(),
    admin: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ accountIdx: index().on(table.account) }),
);

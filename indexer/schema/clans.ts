/**
 * Clans, their members, invites and history.
 * Every table and column is described once, in @skald/db (src/tables/*); ponder.schema.ts attaches those
 * descriptions to these tables for the GraphQL schema.
 */
import { index, onchainTable, primaryKey } from 'ponder';

export const clan = onchainTable(
  'clan',
  (t) => ({
    id: t.bigint().primaryKey(),
    name: t.text().notNull(),
    tag: t.text().notNull(),
    description: t.text().notNull(),
    status: t.integer().notNull(),
    jarlId: t.bigint().notNull(),
    points: t.bigint().notNull(),
    memberCount: t.integer().notNull(),
    wispLevel: t.int8({ mode: 'number' }).notNull(),
    wispExperience: t.bigint().notNull(),
    wispExperienceNeeded: t.bigint().notNull(),
    foundedAt: t.bigint().notNull(),
    foundedBlock: t.bigint().notNull(),
  }),
  (table) => ({ statusIdx: index().on(table.status), pointsIdx: index().on(table.points) }),
);

export const clanMember = onchainTable(
  'clan_member',
  (t) => ({
    clanId: t.bigint().notNull(),
    characterId: t.bigint().notNull(),
    rank: t.integer().notNull(),
    points: t.bigint().notNull(),
    joinedAt: t.bigint().notNull(),
    joinedBlock: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.clanId, table.characterId] }),
    characterIdx: index().on(table.characterId),
  }),
);

export const clanInvite = onchainTable(
  'clan_invite',
  (t) => ({
    clanId: t.bigint().notNull(),
    characterId: t.bigint().notNull(),
    invitedBy: t.bigint().notNull(),
    status: t.text().notNull(),
    invitedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.clanId, table.characterId] }),
    characterIdx: index().on(table.characterId),
  }),
);

export const clanEvent = onchainTable(
  'clan_event',
  (t) => ({
    id: t.text().primaryKey(),
    clanId: t.bigint().notNull(),
    characterId: t.bigint(),
    kind: t.text().notNull(),
    detail: t.jsonb().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ clanIdx: index().on(table.clanId, table.blockNumber) }),
);

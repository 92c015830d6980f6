/** Clans, their members, invites and history. */
import { index, onchainTable, primaryKey } from 'ponder';

/** Clans with status, jarl, points and wisp level. */
export const clan = onchainTable(
  'clan',
  (t) => ({
    id: t.bigint().primaryKey(),
    name: t.text().notNull(),
    tag: t.text().notNull(),
    description: t.text().notNull(),
    /** 1 pending, 2 active, 3 declined */
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

/** Current members of each clan (a row leaves with its member). */
export const clanMember = onchainTable(
  'clan_member',
  (t) => ({
    clanId: t.bigint().notNull(),
    characterId: t.bigint().notNull(),
    /** 1 member, 2 officer, 3 jarl */
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

/** Invites and what became of them. */
export const clanInvite = onchainTable(
  'clan_invite',
  (t) => ({
    clanId: t.bigint().notNull(),
    characterId: t.bigint().notNull(),
    invitedBy: t.bigint().notNull(),
    /** invites: pending | accepted | declined; join requests (invitedBy = the asker): requested | accepted |
     * request_declined | withdrawn */
    status: t.text().notNull(),
    invitedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.clanId, table.characterId] }),
    characterIdx: index().on(table.characterId),
  }),
);

/** Every clan event in chain order: founded, status, updated, invite_sent, invite_declined, joined, left,
 * kicked, rank_changed, points, wisp. */
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

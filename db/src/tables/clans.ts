/** Clans, their members, invites and history. */
import { index, onchainTable, primaryKey } from 'ponder';
import { documented, timeOf } from '../docs.ts';
import { instant } from './columns.ts';

const clans = 'Clans';

export const clan = documented(
  clans,
  onchainTable(
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
      foundedTime: t.timestamp(instant).notNull(),
      foundedBlock: t.bigint().notNull(),
    }),
    (table) => ({ statusIdx: index().on(table.status), pointsIdx: index().on(table.points) }),
  ),
  'Clans with their status, jarl, points, size and wisp level.',
  {
    id: 'clan id, shown at /clans/{id}',
    name: 'clan name',
    tag: 'short tag shown beside member names',
    description: 'the clan’s description',
    status: '1 pending (awaiting an admin), 2 active, 3 declined',
    jarlId: 'the jarl’s character (joins character.id)',
    points: 'clan points',
    memberCount: 'current number of members',
    wispLevel: 'level of the clan’s wisp',
    wispExperience: 'wisp experience toward the next level',
    wispExperienceNeeded: 'wisp experience the next level needs',
    foundedAt: 'founding time, unix seconds',
    foundedTime: timeOf('founded_at'),
    foundedBlock: 'block it was founded in',
  },
);

export const clanMember = documented(
  clans,
  onchainTable(
    'clan_member',
    (t) => ({
      clanId: t.bigint().notNull(),
      characterId: t.bigint().notNull(),
      rank: t.integer().notNull(),
      points: t.bigint().notNull(),
      joinedAt: t.bigint().notNull(),
      joinedTime: t.timestamp(instant).notNull(),
      joinedBlock: t.bigint().notNull(),
    }),
    (table) => ({
      pk: primaryKey({ columns: [table.clanId, table.characterId] }),
      characterIdx: index().on(table.characterId),
    }),
  ),
  'Current members of each clan; a row leaves with its member.',
  {
    clanId: 'the clan (joins clan.id)',
    characterId: 'the member (joins character.id)',
    rank: '1 member, 2 officer, 3 jarl',
    points: 'points the member earned for the clan',
    joinedAt: 'when the member joined, unix seconds',
    joinedTime: timeOf('joined_at'),
    joinedBlock: 'block the member joined in',
  },
);

export const clanInvite = documented(
  clans,
  onchainTable(
    'clan_invite',
    (t) => ({
      clanId: t.bigint().notNull(),
      characterId: t.bigint().notNull(),
      invitedBy: t.bigint().notNull(),
      status: t.text().notNull(),
      invitedAt: t.bigint().notNull(),
      invitedTime: t.timestamp(instant).notNull(),
    }),
    (table) => ({
      pk: primaryKey({ columns: [table.clanId, table.characterId] }),
      characterIdx: index().on(table.characterId),
    }),
  ),
  'Clan invites and join requests, and what became of them.',
  {
    clanId: 'the inviting clan (joins clan.id)',
    characterId: 'the invited character (joins character.id)',
    invitedBy: 'the officer or jarl who invited (joins character.id)',
    status:
      'invites: pending | accepted | declined; join requests (invitedBy is the asker): requested | accepted | request_declined | withdrawn',
    invitedAt: 'invite time, unix seconds',
    invitedTime: timeOf('invited_at'),
  },
);

export const clanEvent = documented(
  clans,
  onchainTable(
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
      blockTime: t.timestamp(instant).notNull(),
      txHash: t.hex().notNull(),
    }),
    (table) => ({ clanIdx: index().on(table.clanId, table.blockNumber) }),
  ),
  'Every clan event in chain order.',
  {
    id: 'event id: the chain checkpoint of the event; sorting by it is chain order',
    clanId: 'the clan (joins clan.id)',
    characterId: 'the character concerned, when one is (joins character.id)',
    kind: 'founded | status | updated | invite_sent | invite_declined | joined | left | kicked | rank_changed | points | wisp',
    detail: 'what changed, by kind (numbers as strings)',
  },
);

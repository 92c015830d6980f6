import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { hex, int, int8, uint, uintArray } from '../columns.ts';

/** Clans: status (1 pending, 2 active, 3 declined), jarl, points, member count, wisp level. */
export const clan = pgTable('clan', {
  id: uint('id').primaryKey(),
  name: text('name').notNull(),
  tag: text('tag').notNull(),
  description: text('description').notNull(),
  status: int('status').notNull(),
  jarlId: uint('jarl_id').notNull(),
  points: uint('points').notNull(),
  memberCount: int('member_count').notNull(),
  wispLevel: int8('wisp_level').notNull(),
  wispExperience: uint('wisp_experience').notNull(),
  wispExperienceNeeded: uint('wisp_experience_needed').notNull(),
  foundedAt: uint('founded_at').notNull(),
  foundedBlock: uint('founded_block').notNull(),
});

/** Current clan members; rank 1 member, 2 officer, 3 jarl. */
export const clanMember = pgTable(
  'clan_member',
  {
    clanId: uint('clan_id').notNull(),
    characterId: uint('character_id').notNull(),
    rank: int('rank').notNull(),
    points: uint('points').notNull(),
    joinedAt: uint('joined_at').notNull(),
    joinedBlock: uint('joined_block').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clanId, t.characterId] })],
);

/** Clan invites (status pending | accepted | declined) and join requests, where invitedBy is the asker
 * (status requested | accepted | request_declined | withdrawn). */
export const clanInvite = pgTable(
  'clan_invite',
  {
    clanId: uint('clan_id').notNull(),
    characterId: uint('character_id').notNull(),
    invitedBy: uint('invited_by').notNull(),
    status: text('status').notNull(),
    invitedAt: uint('invited_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clanId, t.characterId] })],
);

/** Every clan event; kind founded | status | updated | invite_sent | invite_declined | joined | left | kicked |
 * rank_changed | points | wisp. */
export const clanEvent = pgTable('clan_event', {
  id: text('id').primaryKey(),
  clanId: uint('clan_id').notNull(),
  characterId: uint('character_id'),
  kind: text('kind').notNull(),
  detail: jsonb('detail').notNull(),
  blockNumber: uint('block_number').notNull(),
  logIndex: int('log_index').notNull(),
  timestamp: uint('timestamp').notNull(),
  txHash: hex('tx_hash').notNull(),
});

/** Battles; status started | resolved; result from A's side: 1 A won, 2 B won, 3 tie. */
export const battle = pgTable('battle', {
  id: uint('id').primaryKey(),
  battleType: int('battle_type').notNull(),
  characterA: uint('character_a').notNull(),
  characterB: uint('character_b').notNull(),
  verasA: uintArray('veras_a').notNull(),
  verasB: uintArray('veras_b').notNull(),
  status: text('status').notNull(),
  result: int('result'),
  scoreA: uint('score_a'),
  scoreB: uint('score_b'),
  startedAt: uint('started_at').notNull(),
  startedBlock: uint('started_block').notNull(),
  resolvedAt: uint('resolved_at'),
  resolvedBlock: uint('resolved_block'),
});

/** Actions each side submitted (0 attack, 1 defend, 2 ability) and surrendered veras. */
export const battleAction = pgTable(
  'battle_action',
  {
    battleId: uint('battle_id').notNull(),
    characterId: uint('character_id').notNull(),
    actions: integer('actions').array().notNull(),
    surrenderIds: uintArray('surrender_ids').notNull(),
    submittedAt: uint('submitted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.battleId, t.characterId] })],
);

/** Characters waiting in a battle queue now. */
export const battleQueue = pgTable(
  'battle_queue',
  {
    characterId: uint('character_id').notNull(),
    battleType: int('battle_type').notNull(),
    veraIds: uintArray('vera_ids').notNull(),
    enteredAt: uint('entered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.battleType] })],
);

/** Challenges between two characters; status open | accepted | declined | withdrawn (battleId once accepted). */
export const battleChallenge = pgTable('battle_challenge', {
  id: uint('id').primaryKey(),
  challenger: uint('challenger').notNull(),
  opponent: uint('opponent').notNull(),
  battleType: int('battle_type').notNull(),
  veraIds: uintArray('vera_ids').notNull(),
  status: text('status').notNull(),
  battleId: uint('battle_id'),
  sentAt: uint('sent_at').notNull(),
  closedAt: uint('closed_at'),
});

/** Whether each battle type is enabled (only types an admin toggled have a row). */
export const battleTypeSetting = pgTable('battle_type_setting', {
  battleType: int('battle_type').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedBlock: uint('updated_block').notNull(),
});

/** Current elo per character per battle type. */
export const elo = pgTable(
  'elo',
  {
    characterId: uint('character_id').notNull(),
    battleType: int('battle_type').notNull(),
    elo: int8('elo').notNull(),
    battles: int('battles').notNull(),
    updatedBlock: uint('updated_block').notNull(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.battleType] })],
);

/** Every elo change. */
export const eloHistory = pgTable('elo_history', {
  id: text('id').primaryKey(),
  characterId: uint('character_id').notNull(),
  battleType: int('battle_type').notNull(),
  battleId: uint('battle_id').notNull(),
  eloBefore: int8('elo_before').notNull(),
  eloAfter: int8('elo_after').notNull(),
  blockNumber: uint('block_number').notNull(),
  timestamp: uint('timestamp').notNull(),
});

import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { hex, int, int8, uint, uintArray } from '../columns.ts';
import { documented } from '../docs.ts';

const clans = 'Clans';
const battles = 'Battles and elo';
const battleType =
  'battle type: 1 ranked, 2 casual, 3 tournament (labels in code_label, code_set battle_type)';

export const clan = documented(
  clans,
  pgTable('clan', {
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
  }),
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
    foundedBlock: 'block it was founded in',
  },
);

export const clanMember = documented(
  clans,
  pgTable(
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
  ),
  'Current members of each clan; a row leaves with its member.',
  {
    clanId: 'the clan (joins clan.id)',
    characterId: 'the member (joins character.id)',
    rank: '1 member, 2 officer, 3 jarl',
    points: 'points the member earned for the clan',
    joinedAt: 'when the member joined, unix seconds',
    joinedBlock: 'block the member joined in',
  },
);

export const clanInvite = documented(
  clans,
  pgTable(
    'clan_invite',
    {
      clanId: uint('clan_id').notNull(),
      characterId: uint('character_id').notNull(),
      invitedBy: uint('invited_by').notNull(),
      status: text('status').notNull(),
      invitedAt: uint('invited_at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.clanId, t.characterId] })],
  ),
  'Clan invites and join requests, and what became of them.',
  {
    clanId: 'the inviting clan (joins clan.id)',
    characterId: 'the invited character (joins character.id)',
    invitedBy: 'the officer or jarl who invited (joins character.id)',
    status:
      'invites: pending | accepted | declined; join requests (invitedBy is the asker): requested | accepted | request_declined | withdrawn',
    invitedAt: 'invite time, unix seconds',
  },
);

export const clanEvent = documented(
  clans,
  pgTable('clan_event', {
    id: text('id').primaryKey(),
    clanId: uint('clan_id').notNull(),
    characterId: uint('character_id'),
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull(),
    blockNumber: uint('block_number').notNull(),
    logIndex: int('log_index').notNull(),
    timestamp: uint('timestamp').notNull(),
    txHash: hex('tx_hash').notNull(),
  }),
  'Every clan event in chain order.',
  {
    id: 'event id: the chain checkpoint of the event; sorting by it is chain order',
    clanId: 'the clan (joins clan.id)',
    characterId: 'the character concerned, when one is (joins character.id)',
    kind: 'founded | status | updated | invite_sent | invite_declined | joined | left | kicked | rank_changed | points | wisp',
    detail: 'what changed, by kind (numbers as strings)',
  },
);

export const battle = documented(
  battles,
  pgTable('battle', {
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
  }),
  'One row per battle: written when it starts, completed when it resolves.',
  {
    id: 'battle id',
    battleType,
    characterA: 'first side’s character (joins character.id)',
    characterB: 'second side’s character (joins character.id)',
    verasA: 'veras side A brought (vera ids)',
    verasB: 'veras side B brought (vera ids)',
    status: 'started | resolved',
    result: 'from A’s side: 1 A won, 2 B won, 3 tie; null until resolved',
    scoreA: 'side A’s score; null until resolved',
    scoreB: 'side B’s score; null until resolved',
    startedAt: 'start time, unix seconds',
    startedBlock: 'block it started in',
    resolvedAt: 'resolution time, unix seconds; null until resolved',
    resolvedBlock: 'block it resolved in; null until resolved',
  },
);

export const battleAction = documented(
  battles,
  pgTable(
    'battle_action',
    {
      battleId: uint('battle_id').notNull(),
      characterId: uint('character_id').notNull(),
      actions: integer('actions').array().notNull(),
      surrenderIds: uintArray('surrender_ids').notNull(),
      submittedAt: uint('submitted_at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.battleId, t.characterId] })],
  ),
  'Actions each side submitted in a battle, and the veras it surrendered.',
  {
    battleId: 'the battle (joins battle.id)',
    characterId: 'the side that submitted (joins character.id)',
    actions: 'one action per vera: 0 attack, 1 defend, 2 ability',
    surrenderIds: 'veras surrendered (vera ids)',
    submittedAt: 'submission time, unix seconds',
  },
);

export const battleQueue = documented(
  battles,
  pgTable(
    'battle_queue',
    {
      characterId: uint('character_id').notNull(),
      battleType: int('battle_type').notNull(),
      veraIds: uintArray('vera_ids').notNull(),
      enteredAt: uint('entered_at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.characterId, t.battleType] })],
  ),
  'Characters waiting in a battle queue now; a row leaves when paired or when the character leaves.',
  {
    characterId: 'the waiting character (joins character.id)',
    battleType,
    veraIds: 'veras entered (vera ids)',
    enteredAt: 'when the character entered, unix seconds',
  },
);

export const battleChallenge = documented(
  battles,
  pgTable('battle_challenge', {
    id: uint('id').primaryKey(),
    challenger: uint('challenger').notNull(),
    opponent: uint('opponent').notNull(),
    battleType: int('battle_type').notNull(),
    veraIds: uintArray('vera_ids').notNull(),
    status: text('status').notNull(),
    battleId: uint('battle_id'),
    sentAt: uint('sent_at').notNull(),
    closedAt: uint('closed_at'),
  }),
  'Challenges one character sent another, and what became of them.',
  {
    id: 'challenge id',
    challenger: 'the character who challenged (joins character.id)',
    opponent: 'the challenged character (joins character.id)',
    battleType,
    veraIds: 'veras the challenger brought (vera ids)',
    status: 'open | accepted | declined | withdrawn',
    battleId: 'the battle it became once accepted (joins battle.id); null before',
    sentAt: 'when it was sent, unix seconds',
    closedAt: 'when it was accepted, declined or withdrawn, unix seconds; null while open',
  },
);

export const battleTypeSetting = documented(
  battles,
  pgTable('battle_type_setting', {
    battleType: int('battle_type').primaryKey(),
    enabled: boolean('enabled').notNull(),
    updatedBlock: uint('updated_block').notNull(),
  }),
  'Whether each battle type is enabled; only types an admin switched have a row (1 and 2 start enabled).',
  { battleType, enabled: 'whether players may queue for it' },
);

export const elo = documented(
  battles,
  pgTable(
    'elo',
    {
      characterId: uint('character_id').notNull(),
      battleType: int('battle_type').notNull(),
      elo: int8('elo').notNull(),
      battles: int('battles').notNull(),
      updatedBlock: uint('updated_block').notNull(),
    },
    (t) => [primaryKey({ columns: [t.characterId, t.battleType] })],
  ),
  'Current elo of each character in each battle type.',
  {
    characterId: 'the rated character (joins character.id)',
    battleType,
    elo: 'current rating',
    battles: 'rated battles played in this type',
  },
);

export const eloHistory = documented(
  battles,
  pgTable('elo_history', {
    id: text('id').primaryKey(),
    characterId: uint('character_id').notNull(),
    battleType: int('battle_type').notNull(),
    battleId: uint('battle_id').notNull(),
    eloBefore: int8('elo_before').notNull(),
    eloAfter: int8('elo_after').notNull(),
    blockNumber: uint('block_number').notNull(),
    timestamp: uint('timestamp').notNull(),
  }),
  'Every elo change: one row per character per rated battle.',
  {
    id: 'event id: the chain checkpoint of the event; sorting by it is chain order',
    characterId: 'the rated character (joins character.id)',
    battleType,
    battleId: 'the battle that changed it (joins battle.id)',
    eloBefore: 'rating before the battle',
    eloAfter: 'rating after the battle',
  },
);

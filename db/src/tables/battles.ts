/** Battles, queues, submitted actions and elo. */
import { index, onchainTable, primaryKey } from 'ponder';
import { documented, timeOf } from '../docs.ts';
import { instant } from './columns.ts';

const battles = 'Battles and elo';
const battleType =
  'battle type: 1 ranked, 2 casual, 3 tournament (labels in code_label, code_set battle_type)';

export const battle = documented(
  battles,
  onchainTable(
    'battle',
    (t) => ({
      id: t.bigint().primaryKey(),
      battleType: t.integer().notNull(),
      characterA: t.bigint().notNull(),
      characterB: t.bigint().notNull(),
      nameA: t.text().notNull(),
      nameB: t.text().notNull(),
      verasA: t.bigint().array().notNull(),
      verasB: t.bigint().array().notNull(),
      status: t.text().notNull(),
      result: t.integer(),
      scoreA: t.bigint(),
      scoreB: t.bigint(),
      startedAt: t.bigint().notNull(),
      startedTime: t.timestamp(instant).notNull(),
      startedBlock: t.bigint().notNull(),
      deadline: t.bigint(),
      deadlineTime: t.timestamp(instant),
      endReason: t.text(),
      forfeited: t.text(),
      resolvedAt: t.bigint(),
      resolvedTime: t.timestamp(instant),
      resolvedBlock: t.bigint(),
    }),
    (table) => ({
      aIdx: index().on(table.characterA),
      bIdx: index().on(table.characterB),
      statusIdx: index().on(table.status),
    }),
  ),
  'One row per battle: written when it starts, completed when it resolves.',
  {
    id: 'battle id',
    battleType,
    characterA: 'first side’s character (joins character.id)',
    characterB: 'second side’s character (joins character.id)',
    nameA: 'side A’s viking name when the battle started (character.name is the name now)',
    nameB: 'side B’s viking name when the battle started',
    verasA: 'veras side A brought (vera ids)',
    verasB: 'veras side B brought (vera ids)',
    status: 'started | resolved (see end_reason for how)',
    result:
      'from A’s side: 1 A won, 2 B won, 3 tie (labels in code_label, code_set battle_result; battle_side has each side’s view); null until resolved',
    scoreA: 'side A’s score; null until resolved',
    scoreB: 'side B’s score; null until resolved',
    startedAt: 'start time, unix seconds',
    startedTime: timeOf('started_at'),
    startedBlock: 'block it started in',
    deadline:
      'end of the turn, unix seconds (block time): after it anyone may end the battle, each side that has not submitted forfeiting',
    deadlineTime: timeOf('deadline'),
    endReason: 'actions (both sides submitted) | timeout (ended after the deadline); null while started',
    forfeited: 'on a timeout, the silent side that forfeited: A | B | both; null otherwise',
    resolvedAt: 'resolution time, unix seconds; null until resolved',
    resolvedTime: timeOf('resolved_at'),
    resolvedBlock: 'block it resolved in; null until resolved',
  },
);

export const battleSide = documented(
  battles,
  onchainTable(
    'battle_side',
    (t) => ({
      battleId: t.bigint().notNull(),
      side: t.text().notNull(),
      characterId: t.bigint().notNull(),
      opponentId: t.bigint().notNull(),
      battleType: t.integer().notNull(),
      name: t.text().notNull(),
      veras: t.bigint().array().notNull(),
      result: t.text(),
      forfeited: t.boolean().notNull(),
      eloBefore: t.int8({ mode: 'number' }),
      eloAfter: t.int8({ mode: 'number' }),
    }),
    (table) => ({
      pk: primaryKey({ columns: [table.battleId, table.side] }),
      characterIdx: index().on(table.characterId, table.battleType),
    }),
  ),
  'One row per side of each battle, from that side’s point of view: a per-character record needs no UNION of battle.character_a and character_b. Written when the battle starts, completed when it resolves.',
  {
    battleId: 'the battle (joins battle.id)',
    side: 'A | B: battle.character_a is side A',
    characterId: 'this side’s character (joins character.id)',
    opponentId: 'the other side’s character (joins character.id)',
    battleType,
    name: 'this side’s viking name when the battle started (battle.name_a or name_b)',
    veras: 'veras this side brought (vera ids)',
    result: 'from this side’s view: won | lost | tie; null while the battle is started',
    forfeited: 'true when the battle timed out with this side not having submitted',
    eloBefore: 'this side’s rating in the battle type before the battle; null until resolved',
    eloAfter: 'its rating after the battle; null until resolved',
  },
);

export const battleAction = documented(
  battles,
  onchainTable(
    'battle_action',
    (t) => ({
      battleId: t.bigint().notNull(),
      characterId: t.bigint().notNull(),
      actions: t.integer().array().notNull(),
      surrenderIds: t.bigint().array().notNull(),
      submittedAt: t.bigint().notNull(),
      submittedTime: t.timestamp(instant).notNull(),
    }),
    (table) => ({ pk: primaryKey({ columns: [table.battleId, table.characterId] }) }),
  ),
  'Actions each side submitted in a battle, and the veras it surrendered.',
  {
    battleId: 'the battle (joins battle.id)',
    characterId: 'the side that submitted (joins character.id)',
    actions:
      'one action per vera: 0 attack, 1 defend, 2 ability (labels in code_label, code_set battle_action)',
    surrenderIds: 'veras surrendered (vera ids)',
    submittedAt: 'submission time, unix seconds',
    submittedTime: timeOf('submitted_at'),
  },
);

export const battleQueue = documented(
  battles,
  onchainTable(
    'battle_queue',
    (t) => ({
      characterId: t.bigint().notNull(),
      battleType: t.integer().notNull(),
      veraIds: t.bigint().array().notNull(),
      enteredAt: t.bigint().notNull(),
      enteredTime: t.timestamp(instant).notNull(),
    }),
    (table) => ({ pk: primaryKey({ columns: [table.characterId, table.battleType] }) }),
  ),
  'Characters waiting in a battle queue now; a row leaves when paired or when the character leaves.',
  {
    characterId: 'the waiting character (joins character.id)',
    battleType,
    veraIds: 'veras entered (vera ids)',
    enteredAt: 'when the character entered, unix seconds',
    enteredTime: timeOf('entered_at'),
  },
);

export const battleChallenge = documented(
  battles,
  onchainTable(
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
      sentTime: t.timestamp(instant).notNull(),
      closedAt: t.bigint(),
      closedTime: t.timestamp(instant),
    }),
    (table) => ({ challengerIdx: index().on(table.challenger), opponentIdx: index().on(table.opponent) }),
  ),
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
    sentTime: timeOf('sent_at'),
    closedAt: 'when it was accepted, declined or withdrawn, unix seconds; null while open',
    closedTime: timeOf('closed_at'),
  },
);

export const battleTypeSetting = documented(
  battles,
  onchainTable('battle_type_setting', (t) => ({
    battleType: t.integer().primaryKey(),
    enabled: t.boolean().notNull(),
    updatedBlock: t.bigint().notNull(),
  })),
  'Whether each battle type is enabled; only types an admin switched have a row (1 and 2 start enabled).',
  { battleType, enabled: 'whether players may queue for it' },
);

export const elo = documented(
  battles,
  onchainTable(
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
  onchainTable(
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
      blockTime: t.timestamp(instant).notNull(),
    }),
    (table) => ({ characterIdx: index().on(table.characterId, table.battleType) }),
  ),
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

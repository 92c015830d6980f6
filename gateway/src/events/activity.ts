/**
 * Activity rows as the wire sees them. One mapping for the REST history, the backlog and the live stream, so
 * a client sees the same event whichever path delivered it. Mint events carry what the web's mint toast shows.
 * Both sides use it: the repositories map the rows they read, the fast lane the rows it decodes from the node;
 * so it imports neither (repositories/ never imports live/; see scripts/test/imports.test.ts at the root).
 */
import {
  type ActivityType,
  ADMIN_GRANT_KIND_LABELS,
  AdminGrantKind,
  describeActivity,
  isMintMethod,
  type MintMethod,
  statTotal,
} from '@skald/game';
import type { ActivityEvent, ActivityNames } from '@skald/wire';
import type { ActivityPayload } from '@skald/wire/rest';

/** An activity row with the names the index knows (see ActivityEvent.names) and a rated battle's elo changes. */
export type ActivityRow = {
  cursor: string;
  blockNumber: bigint;
  logIndex: number;
  timestamp: bigint;
  txHash: string;
  type: ActivityType;
  event: string;
  account: string | null;
  characterId: bigint | null;
  otherCharacterId: bigint | null;
  subjectId: bigint | null;
  payload: Record<string, unknown>;
  characterName: string | null;
  otherCharacterName?: string | null;
  accountName?: string | null;
  clanName?: string | null;
  eloChangeA?: number | null;
  eloChangeB?: number | null;
};

/** Events as the stream carries them (the wire type itself). */
export type StreamEvent = ActivityEvent;

/** Grant kinds whose subject is a vera or a clan (every other kind targets a character's inventory). */
export const VERA_GRANT_KINDS = [
  ADMIN_GRANT_KIND_LABELS[AdminGrantKind.experience],
  ADMIN_GRANT_KIND_LABELS[AdminGrantKind.vera],
];
export const CLAN_GRANT_KINDS = [ADMIN_GRANT_KIND_LABELS[AdminGrantKind.wispExperience]];

/** Battle events whose subject is the battle (a challenge's subject is the challenge). */
const BATTLE_SUBJECT_KINDS = [
  'BattleStarted',
  'ActionsSubmitted',
  'BattleResolved',
  'BattleTimedOut',
  'EloChanged',
];

function subjectOf(row: ActivityRow): { veraId?: string; clanId?: string; battleId?: string } {
  if (row.subjectId === null) return {};
  const id = row.subjectId.toString();
  if (row.type === 'mint' || row.type === 'vera') return { veraId: id };
  if (row.type === 'clan') return { clanId: id };
  if (row.type === 'battle') return BATTLE_SUBJECT_KINDS.includes(row.event) ? { battleId: id } : {};
  if (row.type === 'grant') {
    const kind = String(row.payload.kind ?? '');
    if (VERA_GRANT_KINDS.includes(kind as never)) return { veraId: id };
    if (CLAN_GRANT_KINDS.includes(kind as never)) return { clanId: id };
  }
  return {};
}

function mintPayload(row: ActivityRow): ActivityPayload {
  const p = row.payload;
  const subRune = Number(p.subRune);
  let total: number | null = null;
  try {
    total = statTotal((p.innate as unknown[]).map(Number), subRune);
  } catch {
    // a malformed row must not break the stream; the toast shows no total
  }
  const method: MintMethod = isMintMethod(p.method) ? p.method : 'other';
  return {
    ...(p as ActivityPayload),
    veraId: row.subjectId?.toString() ?? '',
    owner: row.account ?? '',
    ownerName: row.characterName ?? '',
    method,
    statTotal: total,
    species: Number(p.species),
    mainRune: Number(p.mainRune),
    subRune,
  };
}

function namesOf(row: ActivityRow): ActivityNames | undefined {
  const names: ActivityNames = {};
  // an account without a selected character has the name '' in the index
  if (row.characterName) names.character = row.characterName;
  if (row.otherCharacterName) names.other = row.otherCharacterName;
  if (row.accountName) names.account = row.accountName;
  if (row.clanName) names.clan = row.clanName;
  return Object.keys(names).length > 0 ? names : undefined;
}

export function toStreamEvent(row: ActivityRow): StreamEvent {
  const event: StreamEvent = {
    cursor: row.cursor,
    type: row.type,
    kind: row.event,
    blockNumber: row.blockNumber.toString(),
    logIndex: row.logIndex,
    txHash: row.txHash,
    timestamp: Number(row.timestamp),
    // the indexer's payload as written: its fields are the wire's (@skald/wire ACTIVITY_PAYLOAD_FIELDS, tested)
    payload: row.type === 'mint' ? mintPayload(row) : (row.payload as ActivityPayload),
    ...subjectOf(row),
  };
  if (row.characterId !== null) event.characterId = row.characterId.toString();
  if (row.otherCharacterId !== null) event.otherCharacterId = row.otherCharacterId.toString();
  if (row.account !== null) event.account = row.account;
  const names = namesOf(row);
  if (names) event.names = names;
  if (row.eloChangeA != null && row.eloChangeB != null)
    event.eloChange = { a: Number(row.eloChangeA), b: Number(row.eloChangeB) };
  event.text = describeActivity(event);
  return event;
}

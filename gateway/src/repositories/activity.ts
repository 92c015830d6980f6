/**
 * Reads of the `activity` table: the live stream's backlog and catch-up queries, reorg checks over a recent
 * window, and the REST history. Every query is bounded (a limit or a cursor range on the primary key).
 */
import { account, activity, character, clan, eloHistory, type SkaldDb } from '@skald/db';
import type { Filter } from '@skald/wire';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type ActivityRow, CLAN_GRANT_KINDS, toStreamEvent, VERA_GRANT_KINDS } from '../live/events.ts';

export type HistoryQuery = {
  types?: string[];
  characterId?: string;
  veraId?: string;
  clanId?: string;
  account?: string;
  after?: string;
  before?: string;
  limit: number;
  order: 'asc' | 'desc';
};

const other = alias(character, 'other_character');
const eloA = alias(eloHistory, 'elo_a');
const eloB = alias(eloHistory, 'elo_b');

const columns = {
  cursor: activity.cursor,
  blockNumber: activity.blockNumber,
  logIndex: activity.logIndex,
  timestamp: activity.timestamp,
  txHash: activity.txHash,
  type: activity.type,
  event: activity.event,
  account: activity.account,
  characterId: activity.characterId,
  otherCharacterId: activity.otherCharacterId,
  subjectId: activity.subjectId,
  payload: activity.payload,
  characterName: character.name,
  otherCharacterName: other.name,
  accountName: account.name,
  clanName: clan.name,
  eloChangeA: sql<number | null>`${eloA.eloAfter} - ${eloA.eloBefore}`.mapWith(Number),
  eloChangeB: sql<number | null>`${eloB.eloAfter} - ${eloB.eloBefore}`.mapWith(Number),
};

const kindIn = (kinds: readonly string[]) => inArray(sql`${activity.payload}->>'kind'`, [...kinds]);

/** Rows whose subject is a clan (the clan's name is joined for them). */
const clanSubject = or(
  eq(activity.type, 'clan'),
  and(eq(activity.type, 'grant'), kindIn(CLAN_GRANT_KINDS)),
) as SQL;

/** A side's elo change in a resolved battle (rated battles only have one). */
const eloOf = (
  table: typeof eloA | typeof eloB,
  characterId: typeof activity.characterId | typeof activity.otherCharacterId,
) =>
  and(
    eq(activity.event, 'BattleResolved'),
    eq(table.characterId, characterId),
    eq(table.battleId, activity.subjectId),
  );

export function veraCondition(id: string): SQL {
  return and(
    eq(activity.subjectId, BigInt(id)),
    or(inArray(activity.type, ['mint', 'vera']), and(eq(activity.type, 'grant'), kindIn(VERA_GRANT_KINDS))),
  ) as SQL;
}

export function clanCondition(id: string): SQL {
  return and(
    eq(activity.subjectId, BigInt(id)),
    or(eq(activity.type, 'clan'), and(eq(activity.type, 'grant'), kindIn(CLAN_GRANT_KINDS))),
  ) as SQL;
}

export function vikingCondition(id: string): SQL {
  return or(eq(activity.characterId, BigInt(id)), eq(activity.otherCharacterId, BigInt(id))) as SQL;
}

/** The SQL twin of live/filter.ts `matches`. */
function filterConditions(filter: Filter): SQL[] {
  const out: SQL[] = [];
  if (filter.topics[0] !== 'all') out.push(inArray(activity.type, filter.topics));
  if (filter.vera !== undefined) out.push(veraCondition(filter.vera));
  if (filter.viking !== undefined) out.push(vikingCondition(filter.viking));
  if (filter.clan !== undefined) out.push(clanCondition(filter.clan));
  return out;
}

export function activityRepository({ db }: SkaldDb) {
  const select = (where: SQL | undefined, order: 'asc' | 'desc', limit: number) =>
    db
      .select(columns)
      .from(activity)
      .leftJoin(character, eq(character.id, activity.characterId))
      .leftJoin(other, eq(other.id, activity.otherCharacterId))
      .leftJoin(account, eq(account.address, activity.account))
      .leftJoin(clan, and(eq(clan.id, activity.subjectId), clanSubject))
      .leftJoin(eloA, eloOf(eloA, activity.characterId))
      .leftJoin(eloB, eloOf(eloB, activity.otherCharacterId))
      .where(where)
      .orderBy(order === 'asc' ? asc(activity.cursor) : desc(activity.cursor))
      .limit(limit) as Promise<ActivityRow[]>;

  return {
    /** Rows after `after` (exclusive) up to `upTo` (inclusive), oldest first: the backlog of a subscription. */
    async page(filter: Filter | null, after: string | null, upTo: string | null, limit: number) {
      const conditions = filter ? filterConditions(filter) : [];
      if (after !== null) conditions.push(gt(activity.cursor, after));
      if (upTo !== null) conditions.push(lte(activity.cursor, upTo));
      const rows = await select(and(...conditions), 'asc', limit);
      return rows.map(toStreamEvent);
    },

    /** The newest cursor, or null for an empty index. */
    async head(): Promise<string | null> {
      const [row] = await db
        .select({ cursor: activity.cursor })
        .from(activity)
        .orderBy(desc(activity.cursor))
        .limit(1);
      return row?.cursor ?? null;
    },

    /** Cursor and tx of every row from `from` on (the reorg window), oldest first. */
    async window(from: string, limit: number) {
      return db
        .select({ cursor: activity.cursor, txHash: activity.txHash })
        .from(activity)
        .where(gte(activity.cursor, from))
        .orderBy(asc(activity.cursor))
        .limit(limit);
    },

    async byCursors(cursors: string[]) {
      if (cursors.length === 0) return [];
      const rows = await select(inArray(activity.cursor, cursors), 'asc', cursors.length);
      return rows.map(toStreamEvent);
    },

    /** REST history: newest first by default, paged by cursor. */
    async history(q: HistoryQuery) {
      const conditions: SQL[] = [];
      if (q.types && q.types.length > 0) conditions.push(inArray(activity.type, q.types));
      if (q.characterId !== undefined) conditions.push(vikingCondition(q.characterId));
      if (q.veraId !== undefined) conditions.push(veraCondition(q.veraId));
      if (q.clanId !== undefined) conditions.push(clanCondition(q.clanId));
      if (q.account !== undefined) conditions.push(eq(activity.account, q.account as `0x${string}`));
      if (q.after !== undefined) conditions.push(gt(activity.cursor, q.after));
      if (q.before !== undefined) conditions.push(lt(activity.cursor, q.before));
      const rows = await select(and(...conditions), q.order, q.limit + 1);
      const more = rows.length > q.limit;
      const items = rows.slice(0, q.limit).map(toStreamEvent);
      return { items, next: more ? (items.at(-1)?.cursor ?? null) : null };
    },
  };
}

export type ActivityRepository = ReturnType<typeof activityRepository>;

/**
 * Reads of the `activity` table: the live stream's backlog and catch-up queries, reorg checks over a recent
 * window, and the REST history. Every query is bounded (a limit or a cursor range on the primary key).
 */
import { account, activity, character, clan, eloHistory, type SkaldDb } from '@skald/db';
import type { Filter } from '@skald/wire';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type ActivityRow,
  CLAN_GRANT_KINDS,
  type StreamEvent,
  toStreamEvent,
  VERA_GRANT_KINDS,
} from '../events/activity.ts';

/** A live event with its row digest (see `digest`). */
export type StreamEventRow = { event: StreamEvent; digest: string };

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

/**
 * What makes a row the same row: everything the indexer wrote but the cursor (its key). A row the indexer
 * deletes and writes again (crash recovery, a restart) keeps its digest; one a reorg replaced does not (another
 * transaction, or the same one in another block: another timestamp, often another payload).
 */
const digest = sql<string>`md5(row(${activity.txHash}, ${activity.blockNumber}, ${activity.timestamp}, ${activity.type}, ${activity.event}, ${activity.account}, ${activity.characterId}, ${activity.otherCharacterId}, ${activity.subjectId}, ${activity.payload})::text)`;

/** A confirmed row as the live source tracks it: its position, transaction and digest. */
export type WindowRow = { cursor: string; txHash: string; digest: string };

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

/** The SQL twin of `matches` (@skald/wire's filter.ts). */
function filterConditions(filter: Filter): SQL[] {
  const out: SQL[] = [];
  if (filter.topics[0] !== 'all') out.push(inArray(activity.type, filter.topics));
  if (filter.vera !== undefined) out.push(veraCondition(filter.vera));
  if (filter.viking !== undefined) out.push(vikingCondition(filter.viking));
  if (filter.clan !== undefined) out.push(clanCondition(filter.clan));
  return out;
}

/** What the repository reads through: the pool, or one transaction of it (a snapshot). */
type Reader = Pick<SkaldDb['db'], 'select'>;

export function activityRepository({ db }: Pick<SkaldDb, 'db'>) {
  return {
    ...readsOn(db),
    /**
     * Runs `read` on one snapshot of the index (a read-only repeatable-read transaction): every query it makes
     * sees the same committed blocks, however many the indexer commits meanwhile.
     */
    snapshot<T>(read: (reads: ActivityReads) => Promise<T>): Promise<T> {
      return db.transaction((tx) => read(readsOn(tx)), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    },
  };
}

function readsOn(db: Reader) {
  /** whole rows, with the names and elos they show; `withDigest` adds each row's digest */
  const select = (where: SQL | undefined, order: 'asc' | 'desc', limit: number, withDigest = false) =>
    db
      .select(withDigest ? { ...columns, digest } : columns)
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

    /** Cursor, tx and digest of every row from `from` on (the reorg window), oldest first. */
    async window(from: string, limit: number): Promise<WindowRow[]> {
      return db
        .select({ cursor: activity.cursor, txHash: activity.txHash, digest })
        .from(activity)
        .where(gte(activity.cursor, from))
        .orderBy(asc(activity.cursor))
        .limit(limit);
    },

    /** The live source's read: rows after `after` (or these cursors), oldest first, each with its digest. */
    async confirmed(
      where: { after: string | null; limit: number } | { cursors: string[] },
    ): Promise<StreamEventRow[]> {
      const condition =
        'cursors' in where
          ? inArray(activity.cursor, where.cursors)
          : where.after === null
            ? undefined
            : gt(activity.cursor, where.after);
      const limit = 'cursors' in where ? where.cursors.length : where.limit;
      if (limit === 0) return [];
      const rows = (await select(condition, 'asc', limit, true)) as (ActivityRow & { digest: string })[];
      return rows.map((row) => ({ event: toStreamEvent(row), digest: row.digest }));
    },

    /**
     * The oldest cursor a subscription may resume after: rows after it are at most `maxEvents`, or all within
     * `maxSeconds` of chain time of the newest row (whichever reaches further back). Null: any cursor. Both
     * reads walk the primary key down from the head, so they cost the rows they allow, not the table.
     */
    async replayFloor(maxEvents: number, maxSeconds: number): Promise<string | null> {
      const [byCount] = await db
        .select({ cursor: activity.cursor })
        .from(activity)
        .orderBy(desc(activity.cursor))
        .offset(maxEvents)
        .limit(1);
      if (!byCount) return null;
      const newest = db
        .select({ timestamp: activity.timestamp })
        .from(activity)
        .orderBy(desc(activity.cursor))
        .limit(1);
      const [byTime] = await db
        .select({ cursor: activity.cursor })
        .from(activity)
        .where(lt(activity.timestamp, sql`(${newest}) - ${maxSeconds}`))
        .orderBy(desc(activity.cursor))
        .limit(1);
      if (!byTime) return null;
      // the older of the two: cursors sort in chain order
      return [byTime.cursor, byCount.cursor].sort()[0] ?? null;
    },

    async byCursors(cursors: string[]) {
      if (cursors.length === 0) return [];
      const rows = await select(inArray(activity.cursor, cursors), 'asc', cursors.length);
      return rows.map(toStreamEvent);
    },

    /**
     * Events per second before `before` and after `since`, oldest first. Bounded work: it walks the primary key
     * back from `before` over at most `maxRows` rows (block times only grow, so they cover a span of time up to
     * `before`), and says from which second its counts are complete when it stopped early.
     */
    async perSecond(q: { before: string; since: number; types?: string[]; maxRows: number }) {
      const recent = db
        .select({ timestamp: activity.timestamp, type: activity.type })
        .from(activity)
        .where(lt(activity.cursor, q.before))
        .orderBy(desc(activity.cursor))
        .limit(q.maxRows)
        .as('recent');
      const wanted =
        q.types && q.types.length > 0
          ? sql`count(*) filter (where ${inArray(recent.type, q.types)})`
          : sql`count(*)`;
      const seconds = await db
        .select({
          t: sql<string>`${recent.timestamp}`,
          all: sql<number>`count(*)::int`,
          n: sql<number>`(${wanted})::int`,
        })
        .from(recent)
        .groupBy(recent.timestamp)
        .orderBy(recent.timestamp);
      const read = seconds.reduce((sum, s) => sum + s.all, 0);
      const oldest = seconds[0] === undefined ? null : Number(seconds[0].t);
      // a read that stopped at its row limit is complete only after the oldest second it reached
      const from = read >= q.maxRows && oldest !== null && oldest > q.since ? oldest + 1 : null;
      const after = from ?? q.since + 1;
      return {
        items: seconds
          .filter((s) => Number(s.t) >= after && s.n > 0)
          .map((s) => ({ t: Number(s.t), n: s.n })),
        from,
      };
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

/** The queries, on the pool or inside one snapshot. */
export type ActivityReads = ReturnType<typeof readsOn>;
export type ActivityRepository = ReturnType<typeof activityRepository>;

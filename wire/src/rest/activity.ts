/** Activity history (`/api/activity`): rows in the live stream's event shape, newest first or after a cursor. */
import { ACTIVITY_TYPES } from '@skald/game';
import { type Static, Type } from 'typebox';
import { Cursor, Nullable, OneOf } from './common.ts';
import { ActivityPayload } from './payload.ts';

/** An indexed activity row as the API and the live stream carry it. */
export const ActivityRow = Type.Object({
  cursor: Cursor,
  /** the topic: one of game's ACTIVITY_TYPES */
  type: OneOf(ACTIVITY_TYPES),
  /** the contract event name, e.g. VeraMinted */
  kind: Type.String(),
  blockNumber: Type.String(),
  logIndex: Type.Integer(),
  txHash: Type.String(),
  /** unix seconds */
  timestamp: Type.Integer(),
  characterId: Type.Optional(Type.String()),
  /** the second character involved (opponent, invitee, recipient); viking subscriptions match it too */
  otherCharacterId: Type.Optional(Type.String()),
  veraId: Type.Optional(Type.String()),
  clanId: Type.Optional(Type.String()),
  /** the battle a battle event is about (started, moves, resolved, timed out, elo) */
  battleId: Type.Optional(Type.String()),
  account: Type.Optional(Type.String()),
  /** the event's fields, by `kind`: `ActivityPayloads` (payload.ts) */
  payload: ActivityPayload,
  /**
   * Names the index knows, so a feed reads "Ulf8 granted 500 runix to Freydis3": `character` and `other` name
   * `characterId` and `otherCharacterId`, `account` the account's selected character, `clan` the clan the event
   * is about. A name the gateway does not know (yet) is absent.
   */
  names: Type.Optional(
    Type.Object({
      character: Type.Optional(Type.String()),
      other: Type.Optional(Type.String()),
      account: Type.Optional(Type.String()),
      clan: Type.Optional(Type.String()),
    }),
  ),
  /** BattleResolved of a rated battle: each side's elo change (a is `characterId`, b `otherCharacterId`) */
  eloChange: Type.Optional(Type.Object({ a: Type.Integer(), b: Type.Integer() })),
  /** the event in one sentence, names and amounts included (@skald/game `describeActivity`) */
  text: Type.Optional(Type.String()),
});
export type ActivityRow = Static<typeof ActivityRow>;
export type ActivityNames = NonNullable<ActivityRow['names']>;

/**
 * The newest activity cursor the gateway had applied when it read the answer (null: none yet). Everything the
 * answer could show up to that cursor is in it; a page that renders the answer and then listens subscribes
 * after it, so the two together miss nothing (`@skald/wire` live client).
 */
export const AsOf = Nullable(Cursor);

export const ActivityPage = Type.Object({
  items: Type.Array(ActivityRow),
  next: Nullable(Cursor),
  asOf: Type.Optional(AsOf),
});
export type ActivityPage = Static<typeof ActivityPage>;

/** Most rows `/api/activity/seconds` reads back from its cursor: the answer says where it stopped (`from`). */
export const ACTIVITY_SECONDS_ROWS = 20_000;

/**
 * `/api/activity/seconds`: how many events (of the asked types) each second held, before a cursor and after a
 * time, oldest first; seconds without events are left out. What a chart needs for the part of its window that
 * came before the rows a page loaded.
 */
export const ActivitySeconds = Type.Object({
  items: Type.Array(Type.Object({ t: Type.Integer({ description: 'unix seconds' }), n: Type.Integer() })),
  /** the counts are complete only from this second on (the read stopped after its rows); null: from `since` */
  from: Nullable(Type.Integer()),
});
export type ActivitySeconds = Static<typeof ActivitySeconds>;

/** Activity history (`/api/activity`): rows in the live stream's event shape, newest first or after a cursor. */
import { ACTIVITY_TYPES } from '@skald/game';
import { type Static, Type } from 'typebox';
import { Cursor, FreeObject, Nullable } from './common.ts';

/** An indexed activity row as the API and the live stream carry it. */
export const ActivityRow = Type.Object({
  cursor: Cursor,
  /** the topic: one of game's ACTIVITY_TYPES */
  type: Type.String({ description: ACTIVITY_TYPES.join(' | ') }),
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
  account: Type.Optional(Type.String()),
  payload: FreeObject,
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

export const ActivityPage = Type.Object({ items: Type.Array(ActivityRow), next: Nullable(Cursor) });
export type ActivityPage = Static<typeof ActivityPage>;

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
});
export type ActivityRow = Static<typeof ActivityRow>;

export const ActivityPage = Type.Object({ items: Type.Array(ActivityRow), next: Nullable(Cursor) });
export type ActivityPage = Static<typeof ActivityPage>;

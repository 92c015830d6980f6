/** Battles for players: one battle by id, a character's battles, the arena's queues, and vikings by name. */
import { type Static, Type } from 'typebox';
import { Items, Nullable, OneOf, Page } from './common.ts';
import { Vera } from './vera.ts';

export const NamedViking = Type.Object({ characterId: Type.String(), name: Type.String() });
export type NamedViking = Static<typeof NamedViking>;

/** `/api/vikings?name=`. */
export const NamedVikings = Items(NamedViking);
export type NamedVikings = Static<typeof NamedVikings>;

/**
 * A vera in a battle: the index's vera (`Vera`, every field) or, when the index does not hold it, its id alone.
 * Every field but `id` is optional, in `Vera`'s order.
 */
export const BattleVera = Type.Object({ ...Type.Partial(Vera).properties, id: Type.String() });
export type BattleVera = Static<typeof BattleVera>;

export const BattleSide = Type.Object({
  side: OneOf(['A', 'B']),
  characterId: Type.String(),
  /** the viking's name when the battle started */
  name: Type.String(),
  /** the viking's name now, when it was renamed since; null otherwise */
  nameNow: Nullable(Type.String()),
  /** the side's veras, in the order the battle lists them */
  veras: Type.Array(BattleVera),
  submitted: Type.Boolean(),
  actions: Nullable(Type.Array(Type.Integer())),
  surrenderIds: Nullable(Type.Array(Type.String())),
  score: Nullable(Type.String()),
  elo: Nullable(Type.Object({ before: Type.Integer(), after: Type.Integer() })),
});
export type BattleSide = Static<typeof BattleSide>;

/** `/api/battles/:id`. */
export const BattleDetail = Type.Object({
  id: Type.String(),
  battleType: Type.Integer(),
  battleTypeName: Type.String(),
  status: Type.String(),
  result: Nullable(Type.Integer()),
  startedAt: Type.Integer(),
  /** end of the turn, unix seconds by block time: after it anyone may end the battle, a silent side forfeiting */
  deadline: Nullable(Type.Integer()),
  /** how it ended: both sides submitted, or a claim after the deadline; null while started */
  endReason: Nullable(OneOf(['actions', 'timeout'])),
  /** on a timeout, the side(s) that never submitted */
  forfeited: Nullable(OneOf(['A', 'B', 'both'])),
  resolvedAt: Nullable(Type.Integer()),
  sides: Type.Array(BattleSide),
});
export type BattleDetail = Static<typeof BattleDetail>;

export const BattleListItem = Type.Object({
  battleId: Type.String(),
  battleType: Type.Integer(),
  battleTypeName: Type.String(),
  status: Type.String(),
  outcome: Nullable(OneOf(['won', 'lost', 'tie'])),
  /** the opponent, with the name they had when the battle started */
  opponent: NamedViking,
  eloBefore: Nullable(Type.Integer()),
  eloAfter: Nullable(Type.Integer()),
  startedAt: Type.Integer(),
  resolvedAt: Nullable(Type.Integer()),
});
export type BattleListItem = Static<typeof BattleListItem>;

/** `/api/viking/:characterId/battles`. */
export const BattlePage = Page(BattleListItem);
export type BattlePage = Static<typeof BattlePage>;

export const ArenaChallenge = Type.Object({
  challengeId: Type.String(),
  battleType: Type.Integer(),
  battleTypeName: Type.String(),
  other: NamedViking,
  veraIds: Type.Array(Type.String()),
  sentAt: Type.Integer(),
});
export type ArenaChallenge = Static<typeof ArenaChallenge>;

/** `/api/arena`: who waits in each queue, and the signed-in character's queue, battle and challenges. */
export const Arena = Type.Object({
  types: Type.Array(
    Type.Object({
      battleType: Type.Integer(),
      battleTypeName: Type.String(),
      enabled: Type.Boolean(),
      waiting: Type.Array(NamedViking),
    }),
  ),
  me: Nullable(
    Type.Object({
      characterId: Type.String(),
      queue: Nullable(Type.Object({ battleType: Type.Integer(), veraIds: Type.Array(Type.String()) })),
      activeBattleId: Nullable(Type.String()),
      /** the battle it fights now: when its turn ends and who has submitted */
      activeBattle: Nullable(
        Type.Object({
          battleId: Type.String(),
          deadline: Nullable(Type.Integer()),
          submitted: Type.Boolean(),
          opponentSubmitted: Type.Boolean(),
        }),
      ),
      challenges: Type.Object({ incoming: Type.Array(ArenaChallenge), outgoing: Type.Array(ArenaChallenge) }),
    }),
  ),
});
export type Arena = Static<typeof Arena>;

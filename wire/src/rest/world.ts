/** Public lists: the leaderboard per battle type, clans (with their open asks), and the shop. */
import { type Static, Type } from 'typebox';
import { AsOf } from './activity.ts';
import { FreeObject, Items, Nullable, OneOf, Page } from './common.ts';

export const LeaderboardRow = Type.Object({
  rank: Type.Integer(),
  characterId: Type.String(),
  name: Type.String(),
  clanTag: Nullable(Type.String()),
  elo: Type.Integer(),
  battles: Type.Integer(),
});
export type LeaderboardRow = Static<typeof LeaderboardRow>;

/** `/api/leaderboard/:battleType`: one page of the board. */
export const Leaderboard = Type.Intersect([
  Type.Object({ battleType: Type.Integer(), battleTypeName: Type.String(), asOf: Type.Optional(AsOf) }),
  Page(LeaderboardRow),
]);
export type Leaderboard = Static<typeof Leaderboard>;

export const ClanSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  tag: Type.String(),
  description: Type.String(),
  status: Type.Integer(),
  statusName: Type.String(),
  points: Type.String(),
  memberCount: Type.Integer(),
  jarl: Type.Object({ characterId: Type.String(), name: Type.String() }),
  wisp: Type.Object({ level: Type.Integer(), experience: Type.String(), experienceNeeded: Type.String() }),
  foundedAt: Type.Integer(),
});
export type ClanSummary = Static<typeof ClanSummary>;

/** `/api/clans`. */
export const ClanPage = Page(ClanSummary);
export type ClanPage = Static<typeof ClanPage>;

export const ClanMember = Type.Object({
  characterId: Type.String(),
  name: Type.String(),
  rank: Type.Integer(),
  rankName: Type.String(),
  points: Type.String(),
  joinedAt: Type.Integer(),
});
export type ClanMember = Static<typeof ClanMember>;

export const ClanEvent = Type.Object({
  kind: Type.String(),
  characterId: Nullable(Type.String()),
  detail: FreeObject,
  blockNumber: Type.String(),
  timestamp: Type.Integer(),
  txHash: Type.String(),
});
export type ClanEvent = Static<typeof ClanEvent>;

/** `/api/clans/:id`. */
export const ClanDetail = Type.Object({
  clan: ClanSummary,
  members: Type.Array(ClanMember),
  events: Type.Array(ClanEvent),
  asOf: Type.Optional(AsOf),
});
export type ClanDetail = Static<typeof ClanDetail>;

export const ASK_KINDS = ['invite', 'request'] as const;
const AskKind = OneOf(ASK_KINDS);

/** An open invitation or join request, as its clan sees it (`/api/clans/:id/asks`). */
export const ClanAsk = Type.Object({
  characterId: Type.String(),
  name: Type.String(),
  kind: AskKind,
  invitedBy: Type.String(),
  at: Type.Integer(),
});
export type ClanAsk = Static<typeof ClanAsk>;
export const ClanAsks = Items(ClanAsk);
export type ClanAsks = Static<typeof ClanAsks>;

/** The same, as the character sees it (`/api/viking/:characterId/clan-asks`). */
export const CharacterClanAsk = Type.Object({
  clanId: Type.String(),
  name: Type.String(),
  tag: Type.String(),
  kind: AskKind,
  at: Type.Integer(),
});
export type CharacterClanAsk = Static<typeof CharacterClanAsk>;
export const CharacterClanAsks = Items(CharacterClanAsk);
export type CharacterClanAsks = Static<typeof CharacterClanAsks>;

export const ShopItem = Type.Object({
  itemId: Type.Integer(),
  quantity: Type.String(),
  runixCost: Type.String(),
  isPurchasable: Type.Boolean(),
  isSellable: Type.Boolean(),
});
export type ShopItem = Static<typeof ShopItem>;

/** `/api/shop`. */
export const Shops = Type.Object({
  shops: Type.Array(Type.Object({ shopId: Type.Integer(), items: Type.Array(ShopItem) })),
});
export type Shops = Static<typeof Shops>;

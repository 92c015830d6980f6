/** Public lists: the leaderboard per battle type, clans (with their open asks), and the shop. */
import { type Static, Type } from 'typebox';
import { AsOf } from './activity.ts';
import { Address, Items, Nullable, OneOf, Page } from './common.ts';

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

/**
 * What a clan event's `detail` may hold (uint64 values as decimal strings), each field in the kinds below. Listed
 * in jsonb's key order (the column is jsonb), so the answer's bytes are those of the stored object.
 */
export const ClanEventDetail = Type.Object({
  by: Type.Optional(Type.String()),
  tag: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  rank: Type.Optional(Type.Integer()),
  added: Type.Optional(Type.String()),
  /** the admin who set the status */
  admin: Type.Optional(Address),
  amount: Type.Optional(Type.String()),
  /** the new status code (@skald/game CLAN_STATUS_LABELS) */
  status: Type.Optional(Type.Integer()),
  newRank: Type.Optional(Type.Integer()),
  oldRank: Type.Optional(Type.Integer()),
  /** the character who invited */
  invitedBy: Type.Optional(Type.String()),
  clanPoints: Type.Optional(Type.String()),
  levelAfter: Type.Optional(Type.Integer()),
  description: Type.Optional(Type.String()),
  levelBefore: Type.Optional(Type.Integer()),
  memberPoints: Type.Optional(Type.String()),
});
export type ClanEventDetail = Static<typeof ClanEventDetail>;

/** Each clan event kind and the `detail` fields the indexer writes for it (indexer/src/Clans.ts). */
export const CLAN_EVENT_DETAIL_FIELDS = {
  founded: ['name', 'tag'],
  status: ['status', 'admin'],
  updated: ['description'],
  invite_sent: ['invitedBy'],
  invite_declined: [],
  join_requested: [],
  join_accepted: ['by'],
  join_declined: ['by'],
  join_withdrawn: ['by'],
  joined: ['rank'],
  left: ['by'],
  kicked: ['by'],
  rank_changed: ['oldRank', 'newRank'],
  points: ['added', 'clanPoints', 'memberPoints'],
  wisp: ['amount', 'levelBefore', 'levelAfter'],
} as const satisfies Record<string, readonly (keyof ClanEventDetail)[]>;
export type ClanEventKind = keyof typeof CLAN_EVENT_DETAIL_FIELDS;
export const CLAN_EVENT_KINDS = Object.keys(CLAN_EVENT_DETAIL_FIELDS) as ClanEventKind[];

/** A clan event kind → its detail, every field present: `ClanEventDetails['points'].clanPoints` is a string. */
export type ClanEventDetails = {
  [K in ClanEventKind]: Required<Pick<ClanEventDetail, (typeof CLAN_EVENT_DETAIL_FIELDS)[K][number]>>;
};

export const ClanEvent = Type.Object({
  kind: OneOf(CLAN_EVENT_KINDS),
  characterId: Nullable(Type.String()),
  detail: ClanEventDetail,
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

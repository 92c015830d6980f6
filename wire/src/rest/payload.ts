/**
 * The activity payload: what each kind of event carries besides the row's columns, as the indexer writes it
 * (indexer/src, chain/src/activity) and the gateway passes it on (a mint's payload gains what the toast shows).
 * uint64 and wider values travel as decimal strings, smaller ones as numbers.
 *
 * One schema lists every field any kind carries, each optional: the gateway serializes answers with
 * fast-json-stringify, which would run a union of ~60 shapes branch by branch. A field missing from it would be
 * dropped from REST answers (the live stream would still carry it), so test/payload.test.ts here and the
 * gateway's test/serialization.test.ts check every field the indexer writes is declared. Readers take a kind's own
 * fields from `ActivityPayloads` (`row.payload as ActivityPayloads['EloChanged']` once `row.kind` says so).
 */
import { type Static, type TOptional, type TSchema, Type } from 'typebox';
import { jsonbKeyOrder, Nullable } from './common.ts';

/** A uint64 (or wider, or signed int128) value in decimal. */
const Big = Type.String({ description: 'decimal integer' });
const Int = Type.Integer();
const Bool = Type.Boolean();
const Text = Type.String();
/**
 * A field two kinds fill with different types, as a type list: fast-json-stringify picks by the value's type, as
 * it does for `Nullable` (an anyOf would be checked branch by branch at run time).
 */
const Either = <A extends TSchema & { type: string }, B extends TSchema & { type: string }>(a: A, b: B) =>
  Type.Unsafe<Static<A> | Static<B>>({ type: [a.type, b.type] });

/** Every payload field and its wire type (a name two kinds use with different types lists both). */
export const PAYLOAD_FIELDS = {
  // bank
  lockIndex: Int,
  runix: Big,
  unlockDate: Big,
  runixReward: Big,
  onyxReward: Big,
  milestoneId: Int,
  earningsToDate: Big,
  durationSeconds: Big,
  // battles
  battleType: Int,
  battleId: Big,
  veraIds: Type.Array(Big),
  verasA: Type.Array(Big),
  verasB: Type.Array(Big),
  silentA: Bool,
  silentB: Bool,
  claimedBy: Text,
  actions: Type.Array(Int),
  surrenderIds: Type.Array(Big),
  result: Int,
  scoreA: Big,
  scoreB: Big,
  eloBefore: Int,
  eloAfter: Int,
  enabled: Bool,
  /** ChallengeClosed and ClanJoinRequestClosed: the contract's outcome code */
  outcome: Int,
  // characters and accounts
  name: Text,
  starterSpecies: Int,
  starterRune: Int,
  oldName: Text,
  newName: Text,
  previousCharacterId: Big,
  characterId: Big,
  onboardingCompleted: Bool,
  mainAccount: Text,
  playAccount: Text,
  /** ClanStatusChanged: the status code; AccountLink*: the link's state */
  status: Either(Int, Text),
  // clans
  tag: Text,
  description: Text,
  rank: Int,
  oldRank: Int,
  newRank: Int,
  /** ClanPointsChanged, ShopRestocked: an amount; BeltChanged: put on (true) or taken off */
  added: Either(Big, Bool),
  clanPoints: Big,
  /** WispExperienceGained, AdminGranted: uint64; VeraExperienceGained: uint24 */
  amount: Either(Big, Int),
  levelBefore: Int,
  levelAfter: Int,
  // inventory
  delta: Big,
  balanceAfter: Big,
  /** the inventory change's reason tag (or its raw bytes32), or how a member left a clan */
  reason: Text,
  itemId: Int,
  quantityAfter: Big,
  rarity: Int,
  runeType: Int,
  isSoulbound: Bool,
  veraId: Big,
  boxType: Int,
  species: Int,
  rune: Int,
  slot: Int,
  endTimestamp: Big,
  spedUp: Bool,
  onyxPaid: Big,
  slotCount: Int,
  runixPaid: Big,
  usedSlots: Int,
  // roles and admin
  role: Int,
  admin: Text,
  version: Text,
  kind: Text,
  target: Big,
  subjectId: Big,
  contract: Text,
  // shop
  shopId: Int,
  quantity: Big,
  runixCost: Big,
  sold: Type.Array(Type.Object({ itemId: Int, quantity: Big })),
  bought: Type.Array(Type.Object({ itemId: Int, quantity: Big })),
  runixReceived: Big,
  milestone: Int,
  buyingPower: Int,
  sellingPower: Int,
  oldCost: Big,
  newCost: Big,
  // veras
  mainRune: Int,
  subRune: Int,
  personality: Int,
  level: Int,
  innate: Type.Array(Int),
  origin: Int,
  method: Text,
  /** added by the gateway to a mint: the owner, its character's name and the sum of the public stats */
  owner: Text,
  ownerName: Text,
  statTotal: Nullable(Int),
  from: Text,
  to: Text,
  points: Type.Array(Int),
  effectiveAfter: Type.Array(Int),
  abilityId: Int,
  areaId: Int,
  statIndex: Int,
  minimumStatRarity: Int,
  experienceAfter: Int,
  wins: Int,
  losses: Int,
  ties: Int,
} satisfies Record<string, TSchema>;
type Fields = typeof PAYLOAD_FIELDS;
export type PayloadField = keyof Fields;

/** Each event kind (the row's `kind`) and the payload fields it carries. */
export const ACTIVITY_PAYLOAD_FIELDS = {
  // bank
  RunixLocked: ['lockIndex', 'runix', 'unlockDate', 'runixReward', 'onyxReward'],
  RunixUnlocked: ['lockIndex', 'runix', 'runixReward', 'onyxReward'],
  BankMilestoneReached: ['milestoneId', 'earningsToDate'],
  LockDurationSet: ['lockIndex', 'durationSeconds'],
  // battles
  QueueEntered: ['battleType', 'veraIds'],
  QueueLeft: ['battleType'],
  BattleStarted: ['battleType', 'verasA', 'verasB'],
  BattleTimedOut: ['battleId', 'silentA', 'silentB', 'claimedBy'],
  ActionsSubmitted: ['actions', 'surrenderIds'],
  BattleResolved: ['battleType', 'result', 'scoreA', 'scoreB'],
  EloChanged: ['battleType', 'eloBefore', 'eloAfter'],
  BattleTypeToggled: ['battleType', 'enabled'],
  ChallengeSent: ['battleType', 'veraIds'],
  ChallengeClosed: ['outcome', 'battleId'],
  // characters and accounts
  CharacterCreated: ['name', 'starterSpecies', 'starterRune'],
  CharacterRenamed: ['oldName', 'newName'],
  CharacterSelected: ['previousCharacterId', 'characterId'],
  PlayerLoggedIn: ['onboardingCompleted'],
  AccountLinkRequested: ['mainAccount', 'playAccount', 'status'],
  AccountLinkAccepted: ['mainAccount', 'playAccount', 'status'],
  AccountLinkDeclined: ['mainAccount', 'playAccount', 'status'],
  AccountLinkCancelled: ['mainAccount', 'playAccount', 'status'],
  AccountLinkRevoked: ['mainAccount', 'playAccount', 'status'],
  // clans
  ClanFounded: ['name', 'tag'],
  ClanStatusChanged: ['status'],
  ClanUpdated: ['description'],
  ClanInviteSent: [],
  ClanInviteDeclined: [],
  ClanJoinRequested: [],
  ClanJoinRequestClosed: ['outcome'],
  ClanMemberJoined: ['rank'],
  ClanMemberLeft: ['reason'],
  ClanRankChanged: ['oldRank', 'newRank'],
  ClanPointsChanged: ['added', 'clanPoints'],
  WispExperienceGained: ['amount', 'levelBefore', 'levelAfter'],
  // inventory
  RunixChanged: ['delta', 'balanceAfter', 'reason'],
  OnyxChanged: ['delta', 'balanceAfter', 'reason'],
  ItemChanged: ['itemId', 'delta', 'quantityAfter', 'reason'],
  AmuletCreated: ['rarity', 'runeType', 'isSoulbound'],
  AmuletTransferred: [],
  AmuletEquipped: ['veraId'],
  LootBoxCreated: ['boxType', 'species', 'rune'],
  LootBoxClaimed: ['slot', 'endTimestamp', 'spedUp', 'onyxPaid'],
  LootBoxConsumed: [],
  LootBoxSlotPurchased: ['slotCount', 'onyxPaid'],
  BeltSlotPurchased: ['slotCount', 'runixPaid'],
  BeltChanged: ['itemId', 'added', 'usedSlots'],
  // roles and admin
  RoleGranted: ['role', 'admin'],
  RoleRevoked: ['role', 'admin'],
  VersionUpdated: ['version'],
  AdminGranted: ['kind', 'target', 'subjectId', 'amount', 'contract'],
  // shop
  ShopItemUpdated: ['shopId', 'itemId', 'quantity', 'runixCost'],
  ShopTransaction: ['shopId', 'sold', 'bought', 'runixPaid', 'runixReceived'],
  ShopReputationChanged: ['shopId', 'milestone', 'buyingPower', 'sellingPower'],
  ShopRepriced: ['shopId', 'itemId', 'oldCost', 'newCost'],
  ShopRestocked: ['shopId', 'itemId', 'added', 'quantityAfter'],
  // veras (VeraMinted as the gateway sends it: the indexer's fields, then veraId to subRune)
  VeraMinted: [
    'species',
    'mainRune',
    'subRune',
    'personality',
    'level',
    'innate',
    'origin',
    'method',
    'veraId',
    'owner',
    'ownerName',
    'statTotal',
  ],
  Transfer: ['from', 'to'],
  VeraStatsAllocated: ['points', 'effectiveAfter'],
  VeraAbilityLearned: ['abilityId'],
  VeraTracked: ['species', 'areaId', 'statIndex', 'minimumStatRarity'],
  VeraExperienceGained: ['amount', 'experienceAfter', 'levelBefore', 'levelAfter'],
  VeraBattleRecorded: ['battleId', 'result', 'wins', 'losses', 'ties'],
} as const satisfies Record<string, readonly PayloadField[]>;
export type ActivityKind = keyof typeof ACTIVITY_PAYLOAD_FIELDS;

/** What the gateway appends to a mint's payload (gateway/src/events/activity.ts), in its order. */
const MINT_APPENDED: readonly PayloadField[] = ['veraId', 'owner', 'ownerName', 'statTotal'];

/**
 * The fields in the order the answers have always listed them, so serializing by the schema (which writes declared
 * fields in declaration order) changes no byte: the index stores payloads as jsonb, which reads keys back shorter
 * first, then bytewise (`jsonbKeyOrder`); a mint's appended fields follow.
 */
const PAYLOAD_ORDER = [
  ...(Object.keys(PAYLOAD_FIELDS) as PayloadField[])
    .filter((f) => !MINT_APPENDED.includes(f))
    .sort(jsonbKeyOrder),
  ...MINT_APPENDED,
];

/** The payload schema: every field, optional. (Undeclared fields would be dropped; the tests keep none.) */
export const ActivityPayload = Type.Object(
  Object.fromEntries(PAYLOAD_ORDER.map((key) => [key, Type.Optional(PAYLOAD_FIELDS[key])])) as {
    [K in PayloadField]: TOptional<Fields[K]>;
  },
);
export type ActivityPayload = Static<typeof ActivityPayload>;

/** The fields two kinds fill with different types, as each of those kinds fills them. */
type Narrowed = {
  ClanStatusChanged: { status: number };
  AccountLinkRequested: { status: string };
  AccountLinkAccepted: { status: string };
  AccountLinkDeclined: { status: string };
  AccountLinkCancelled: { status: string };
  AccountLinkRevoked: { status: string };
  ClanPointsChanged: { added: string };
  ShopRestocked: { added: string };
  BeltChanged: { added: boolean };
  WispExperienceGained: { amount: string };
  AdminGranted: { amount: string };
  VeraExperienceGained: { amount: number };
};

type FieldsOf<K extends ActivityKind> = {
  [F in (typeof ACTIVITY_PAYLOAD_FIELDS)[K][number]]: K extends keyof Narrowed
    ? F extends keyof Narrowed[K]
      ? Narrowed[K][F]
      : Static<Fields[F]>
    : Static<Fields[F]>;
};

/**
 * An event kind → its payload, every field present and narrowed where two kinds share a name (`status` is a
 * number for ClanStatusChanged, a string for AccountLinkAccepted): `ActivityPayloads['EloChanged'].eloAfter` is
 * a number.
 */
export type ActivityPayloads = { [K in ActivityKind]: FieldsOf<K> };

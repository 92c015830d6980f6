/** The player record for a wallet, character profiles, and a character's inventory. */
import { type Static, Type } from 'typebox';
import { Nullable, OneOf } from './common.ts';
import { Vera } from './vera.ts';

/** `/api/viking/data?address=`: who a wallet is (spec section 3's player record). */
export const VikingData = Type.Object({
  address: Type.String(),
  characterId: Nullable(Type.String()),
  name: Type.String(),
  linkedAccounts: Type.Object({ accounts: Type.Array(Type.String()), isPending: Type.Array(Type.Boolean()) }),
  active: Type.String(),
  isAdmin: Type.Boolean(),
});
export type VikingData = Static<typeof VikingData>;

const VeraList = Type.Object({ total: Type.Integer(), items: Type.Array(Vera) });

/** `/api/viking/:characterId/veras`: a character's veras, newest first, a page at a time (`next`: `before=` it). */
export const VeraPage = Type.Object({
  total: Type.Integer(),
  items: Type.Array(Vera),
  next: Nullable(Type.String()),
});
export type VeraPage = Static<typeof VeraPage>;

/** `/api/viking/:characterId`: a character's profile. */
export const Viking = Type.Object({
  characterId: Type.String(),
  name: Type.String(),
  account: Type.String(),
  state: Type.Integer(),
  registeredAt: Type.Integer(),
  lastLoginAt: Nullable(Type.Integer()),
  starter: Type.Object({ species: Type.Integer(), rune: Type.Integer() }),
  attributes: Type.Record(Type.String(), Type.Integer()),
  clan: Nullable(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      tag: Type.String(),
      rank: Type.Integer(),
      rankName: Type.String(),
      points: Type.String(),
    }),
  ),
  elo: Type.Array(
    Type.Object({
      battleType: Type.Integer(),
      battleTypeName: Type.String(),
      elo: Type.Integer(),
      battles: Type.Integer(),
    }),
  ),
  record: Type.Object({
    battles: Type.Integer(),
    wins: Type.Integer(),
    losses: Type.Integer(),
    ties: Type.Integer(),
  }),
  veras: VeraList,
});
export type Viking = Static<typeof Viking>;

/** A bank lock slot as the index holds it (`bank_lock`): the latest lock in that slot. */
export const BankLock = Type.Object({
  /** the slot, 0..2 */
  lockIndex: Type.Integer(),
  runix: Type.String(),
  /** unix seconds */
  lockDate: Type.Integer(),
  /** earliest unlock, unix seconds */
  unlockDate: Type.Integer(),
  runixReward: Type.String(),
  onyxReward: Type.String(),
  /** the bank milestone when locked */
  milestoneId: Type.Integer(),
  status: OneOf(['locked', 'unlocked']),
  /** unix seconds; null while locked */
  unlockedAt: Nullable(Type.Integer()),
});
export type BankLock = Static<typeof BankLock>;

/**
 * An inventory's gems: always the empty list. The game contracts define no gems yet, so the index has no gem
 * table; once they exist this becomes an array of their shape. (Not `Type.Tuple([])`: fast-json-stringify
 * rejects its array-form `items`.)
 */
export const Gems = Type.Unsafe<[]>({ type: 'array', maxItems: 0, items: {} });

/** `/api/viking/:characterId/inventory`: balances, items, amulets, lootboxes, bank and veras. */
export const InventoryData = Type.Object({
  characterId: Type.String(),
  runix: Type.String(),
  onyx: Type.String(),
  slots: Type.Object({
    lootBox: Nullable(Type.Integer()),
    belt: Nullable(Type.Integer()),
    beltUsed: Type.Integer(),
  }),
  items: Type.Array(Type.Object({ itemId: Type.Integer(), quantity: Type.String() })),
  belt: Type.Array(Type.Object({ itemId: Type.Integer(), slots: Type.Integer() })),
  amulets: Type.Array(
    Type.Object({
      amuletId: Type.String(),
      rarity: Type.Integer(),
      runeType: Type.Integer(),
      isSoulbound: Type.Boolean(),
      veraId: Nullable(Type.String()),
    }),
  ),
  lootBoxes: Type.Array(
    Type.Object({
      lootBoxId: Type.String(),
      boxType: Type.Integer(),
      species: Type.Integer(),
      rune: Type.Integer(),
      isSoulbound: Type.Boolean(),
      status: Type.String(),
      slot: Nullable(Type.Integer()),
      endTimestamp: Nullable(Type.Integer()),
    }),
  ),
  bank: Type.Object({
    locks: Type.Array(BankLock),
    progress: Nullable(
      Type.Object({
        milestoneId: Type.Integer(),
        earningsToDate: Type.String(),
        nextMilestoneThreshold: Type.String(),
      }),
    ),
  }),
  gems: Gems,
  veras: VeraList,
  lastUpdatedBlock: Nullable(Type.String()),
});
export type InventoryData = Static<typeof InventoryData>;

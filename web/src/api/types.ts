/**
 * Response shapes of the gateway's REST routes (gateway/src/routes/api) as the screens read them. Numbers that
 * can exceed 2^53 (ids, balances) travel as decimal strings.
 */
import type { ActivityEvent } from '../live/protocol.ts';

export type VikingData = {
  address: string;
  characterId: string | null;
  name: string;
  linkedAccounts: { accounts: string[]; isPending: boolean[] };
  active: string;
  isAdmin: boolean;
};

type Stats = {
  strength: number;
  dexterity: number;
  vitality: number;
  intellect: number;
  wisdom: number;
  charisma: number;
};

export type Vera = Stats & {
  id: string;
  species: number;
  mainRune: number;
  subRune: number;
  personality: number;
  abilities: number[];
  level: number;
  owner: { address: string; name: string };
  experience: number;
  unallocatedPoints: number;
  effective: Stats;
  publicStats: Stats | null;
  statTotal: number | null;
  record: { wins: number; losses: number; ties: number };
};

export type VeraMint = {
  method: string;
  origin: number;
  originName: string;
  characterId: string;
  characterName: string | null;
  txHash: string;
  blockNumber: string;
  timestamp: number;
};

export type VeraTransfer = {
  from: string;
  to: string;
  txHash: string;
  blockNumber: string;
  timestamp: number;
};

export type VeraBattle = {
  battleId: string;
  battleType: number;
  status: string;
  side: string;
  outcome: string | null;
  characterA: string;
  characterB: string;
  startedAt: number;
  resolvedAt: number | null;
};

/** `/api/vera/:id`: an object whose first entry is the vera (spec section 7), then its mint and histories. */
export type VeraRecord = { vera: Vera; mint: VeraMint; transfers: VeraTransfer[]; battles: VeraBattle[] };

export type Viking = {
  characterId: string;
  name: string;
  account: string;
  state: number;
  registeredAt: number;
  lastLoginAt: number | null;
  clan: { id: string; name: string; tag: string; rank: number; rankName: string; points: string } | null;
  elo: { battleType: number; battleTypeName: string; elo: number; battles: number }[];
  record: { battles: number; wins: number; losses: number; ties: number };
  veras: { total: number; items: Vera[] };
};

export type Page<T> = { total?: number; limit?: number; offset?: number; items: T[]; next?: string | null };

export type LeaderboardRow = {
  rank: number;
  characterId: string;
  name: string;
  clanTag: string | null;
  elo: number;
  battles: number;
};

export type Leaderboard = Page<LeaderboardRow> & { battleType: number; battleTypeName: string };

export type EloPoint = { battleId: string; eloBefore: number; eloAfter: number; timestamp: number };

export type ClanSummary = {
  id: string;
  name: string;
  tag: string;
  description: string;
  status: number;
  statusName: string;
  points: string;
  memberCount: number;
  jarl: { characterId: string; name: string };
  wisp: { level: number; experience: string; experienceNeeded: string };
  foundedAt: number;
};

export type ClanMember = {
  characterId: string;
  name: string;
  rank: number;
  rankName: string;
  points: string;
  joinedAt: number;
};
export type ClanEvent = {
  kind: string;
  characterId: string | null;
  detail: Record<string, unknown>;
  blockNumber: string;
  timestamp: number;
  txHash: string;
};
export type ClanDetail = { clan: ClanSummary; members: ClanMember[]; events: ClanEvent[] };

export type ShopItem = {
  itemId: number;
  quantity: string;
  runixCost: string;
  isPurchasable: boolean;
  isSellable: boolean;
};
export type Shops = { shops: { shopId: number; items: ShopItem[] }[] };

export type InventoryData = {
  characterId: string;
  runix: string;
  onyx: string;
  items: { itemId: number; quantity: string }[];
  amulets: {
    amuletId: string;
    rarity: number;
    runeType: number;
    isSoulbound: boolean;
    veraId: string | null;
  }[];
  lootBoxes: {
    lootBoxId: string;
    boxType: number;
    species: number;
    rune: number;
    isSoulbound: boolean;
    status: string;
    slot?: number | null;
    endTimestamp?: number | null;
  }[];
  slots?: { lootBox: number | null; belt: number | null; beltUsed: number };
  bank: {
    locks: Record<string, unknown>[];
    progress: { milestoneId: number; earningsToDate: string; nextMilestoneThreshold: string } | null;
  };
  veras: { total: number; items: Vera[] };
};

/** One entry of the admin audit (`/api/admin/audit`). */
export type AuditEntry = {
  id: string;
  kind: string;
  kindLabel: string;
  admin: string;
  adminName: string | null;
  adminCharacterId: string | null;
  target: {
    type: 'character' | 'vera' | 'clan' | 'account' | 'shop' | 'none';
    id: string | null;
    name: string | null;
    characterId: string | null;
  };
  summary: string;
  amount: string | null;
  subjectId: string | null;
  blockNumber: string;
  timestamp: number;
  txHash: string;
};

export type AuditPage = { limit: number; items: AuditEntry[]; older: string | null; newer: string | null };

/** A hit of `/api/admin/search`: what an admin form's target field offers. */
export type TargetHit = {
  type: 'character' | 'clan' | 'vera' | 'account';
  id: string;
  label: string;
  detail: string;
  characterId: string | null;
  account: string | null;
};

export type ActivityPage = Page<ActivityEvent>;

export type BattleSide = {
  side: 'A' | 'B';
  characterId: string;
  name: string;
  veras: (Partial<Vera> & { id: string })[];
  submitted: boolean;
  actions: number[] | null;
  surrenderIds: string[] | null;
  score: string | null;
  elo: { before: number; after: number } | null;
};
export type BattleDetail = {
  id: string;
  battleType: number;
  battleTypeName: string;
  status: string;
  result: number | null;
  startedAt: number;
  resolvedAt: number | null;
  sides: BattleSide[];
};
export type BattleListItem = {
  battleId: string;
  battleType: number;
  battleTypeName: string;
  status: string;
  outcome: 'won' | 'lost' | 'tie' | null;
  opponent: { characterId: string; name: string };
  eloBefore: number | null;
  eloAfter: number | null;
  startedAt: number;
  resolvedAt: number | null;
};
export type Arena = {
  types: {
    battleType: number;
    battleTypeName: string;
    enabled: boolean;
    waiting: { characterId: string; name: string }[];
  }[];
  me: {
    characterId: string;
    queue: { battleType: number; veraIds: string[] } | null;
    activeBattleId: string | null;
    challenges: { incoming: ArenaChallenge[]; outgoing: ArenaChallenge[] };
  } | null;
};
export type NamedViking = { characterId: string; name: string };
export type ClanAsk = {
  characterId: string;
  name: string;
  kind: 'invite' | 'request';
  invitedBy: string;
  at: number;
};
export type CharacterClanAsk = {
  clanId: string;
  name: string;
  tag: string;
  kind: 'invite' | 'request';
  at: number;
};
export type ArenaChallenge = {
  challengeId: string;
  battleType: number;
  battleTypeName: string;
  other: NamedViking;
  veraIds: string[];
  sentAt: number;
};

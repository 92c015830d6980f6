/**
 * Small integer codes the contracts put in storage and events. Each is a const object (use `BattleType.ranked`
 * in code, never a bare 1) plus English labels for screens. Values are fixed by the Solidity interfaces.
 */

type Values<T> = T[keyof T];

/** Label for a code read from the chain, or undefined when the contract sent something this build lacks. */
export function codeLabel<K extends number>(
  labels: Readonly<Record<K, string>>,
  code: number,
): string | undefined {
  return Object.hasOwn(labels, code) ? labels[code as K] : undefined;
}

/** IBattles battleType. */
export const BattleType = { ranked: 1, casual: 2, tournament: 3 } as const;
export type BattleType = Values<typeof BattleType>;
export const BATTLE_TYPE_LABELS = { 1: 'Ranked', 2: 'Casual', 3: 'Tournament' } as const satisfies Record<
  BattleType,
  string
>;

/** IBattles BattleResolved.result, from side A's point of view; also `eloUpdate`'s input. */
export const BattleOutcome = { aWon: 1, bWon: 2, tie: 3 } as const;
export type BattleOutcome = Values<typeof BattleOutcome>;
export const BATTLE_OUTCOME_LABELS = { 1: 'A won', 2: 'B won', 3: 'Tie' } as const satisfies Record<
  BattleOutcome,
  string
>;

/** IVeras recordBattle / VeraBattleRecorded result, from the vera's point of view. */
export const VeraBattleResult = { win: 1, loss: 2, tie: 3 } as const;
export type VeraBattleResult = Values<typeof VeraBattleResult>;

/** IBattles submitActions: one action per vera. */
export const BattleAction = { attack: 0, defend: 1, ability: 2 } as const;
export type BattleAction = Values<typeof BattleAction>;

/** VeraData.origin: how the vera was minted. */
export const VeraOrigin = { encounter: 1, lootbox: 2, adminGrant: 3, starter: 4 } as const;
export type VeraOrigin = Values<typeof VeraOrigin>;
export const VERA_ORIGIN_LABELS = {
  1: 'Encounter',
  2: 'Lootbox',
  3: 'Admin grant',
  4: 'Starter',
} as const satisfies Record<VeraOrigin, string>;

/** ICharacters state. */
export const CharacterState = { onboarding: 0, active: 1 } as const;
export type CharacterState = Values<typeof CharacterState>;

/** IClans status. */
export const ClanStatus = { pending: 1, active: 2, declined: 3 } as const;
export type ClanStatus = Values<typeof ClanStatus>;
export const CLAN_STATUS_LABELS = { 1: 'Pending', 2: 'Active', 3: 'Declined' } as const satisfies Record<
  ClanStatus,
  string
>;

/** IClans rank. */
export const ClanRank = { member: 1, officer: 2, jarl: 3 } as const;
export type ClanRank = Values<typeof ClanRank>;
export const CLAN_RANK_LABELS = { 1: 'Member', 2: 'Officer', 3: 'Jarl' } as const satisfies Record<
  ClanRank,
  string
>;

/** IClans ClanMemberLeft.reason. */
export const ClanLeaveReason = { left: 1, kicked: 2 } as const;
export type ClanLeaveReason = Values<typeof ClanLeaveReason>;

/** IAdminGrants AdminGranted.kind. */
export const AdminGrantKind = {
  amulet: 1,
  experience: 2,
  item: 3,
  lootbox: 4,
  onyx: 5,
  runix: 6,
  vera: 7,
  wispExperience: 8,
} as const;
export type AdminGrantKind = Values<typeof AdminGrantKind>;
export const ADMIN_GRANT_KIND_LABELS = {
  1: 'Amulet',
  2: 'Experience',
  3: 'Item',
  4: 'Lootbox',
  5: 'Onyx',
  6: 'Runix',
  7: 'Vera',
  8: 'Wisp experience',
} as const satisfies Record<AdminGrantKind, string>;

/** What an AdminGranted event's `target` names: a vera, a clan or (every other kind) a character. */
export type GrantTarget = 'character' | 'vera' | 'clan';

/** Experience goes to a vera and wisp experience to a clan; every other kind (and an unknown one) to a character. */
export function grantTarget(kind: number): GrantTarget {
  if (kind === AdminGrantKind.experience) return 'vera';
  if (kind === AdminGrantKind.wispExperience) return 'clan';
  return 'character';
}

/** IRoles role. getPlayerRole returns 0 for none. */
export const Role = { admin: 1, game: 2 } as const;
export type Role = Values<typeof Role>;
export const ROLE_LABELS = { 1: 'Admin', 2: 'Game' } as const satisfies Record<Role, string>;

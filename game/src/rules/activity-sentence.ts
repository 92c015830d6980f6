/**
 * One readable sentence per activity event: who did what to whom, with amounts ("Ulf8 granted 500 runix to
 * Freydis3", "Astrid11 beat Leif3 in ranked: +16 / −16"). Names come from the event (`names`, joined by the
 * gateway; a mint's owner name; a new viking's own name); an account without a viking reads as its short address,
 * never "Someone". Unknown kinds fall back to "<who>: <kind in words>". The gateway puts the sentence on every
 * event it serves (`text`), so pages show it without carrying these rules.
 */

import { findAbility } from '../catalogue/abilities.ts';
import { areaName } from '../catalogue/areas.ts';
import {
  ADMIN_GRANT_KIND_LABELS,
  AdminGrantKind,
  BATTLE_TYPE_LABELS,
  BattleOutcome,
  CLAN_RANK_LABELS,
  ClanStatus,
  codeLabel,
  ROLE_LABELS,
  VeraBattleResult,
} from '../catalogue/codes.ts';
import { itemName } from '../catalogue/items.ts';
import { formatAmount, formatSigned } from './activity.ts';
import { abbreviateAddress, isAddress } from './address.ts';

/** What a sentence reads from an activity event (the live stream's ActivityEvent has this shape). */
export type SentenceEvent = {
  type: string;
  kind: string;
  account?: string;
  characterId?: string;
  otherCharacterId?: string;
  veraId?: string;
  clanId?: string;
  payload: Record<string, unknown>;
  names?: { character?: string; other?: string; account?: string; clan?: string };
  eloChange?: { a: number; b: number };
};

/** How a vera was minted, as a mint's toast and feed row say it. */
export const MINT_METHOD_LABELS: Record<string, string> = {
  encounter: 'found in an encounter',
  openLootBox: 'opened from a lootbox',
  admin_grantVera: 'granted by an admin',
  other: 'minted',
};

export type MintWords = {
  veraId: string;
  owner: string;
  ownerName?: string | null;
  method: string;
  statTotal: number | null;
};

export function ownerLabel(mint: { owner: string; ownerName?: string | null }): string {
  if (mint.ownerName) return mint.ownerName;
  return isAddress(mint.owner) ? abbreviateAddress(mint.owner) : 'Someone';
}

export function mintHeadline(mint: Pick<MintWords, 'veraId' | 'owner' | 'ownerName'>): string {
  return `${ownerLabel(mint)} minted Vera #${mint.veraId}`;
}

export function mintDetail(mint: Pick<MintWords, 'method' | 'statTotal'>): string {
  return `Stat total ${mint.statTotal} · ${MINT_METHOD_LABELS[mint.method] ?? MINT_METHOD_LABELS.other}`;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const num = (v: unknown): number => Number(v ?? 0);

const address = (value: unknown): string => {
  const a = str(value);
  return isAddress(a) ? abbreviateAddress(a) : a || 'an unknown account';
};

/** The acting viking: its joined name, a new viking's own name, else its account. */
function actor(e: SentenceEvent): string {
  if (e.names?.character) return e.names.character;
  if (e.kind === 'CharacterCreated' && str(e.payload.name)) return str(e.payload.name);
  if (typeof e.payload.ownerName === 'string' && e.payload.ownerName) return e.payload.ownerName;
  if (e.names?.account) return e.names.account;
  return e.account ? address(e.account) : 'a viking';
}

/** The second viking (opponent, invitee, recipient). */
const other = (e: SentenceEvent): string => e.names?.other ?? 'another viking';

/** The account that sent the event (an admin, a vera's owner): its viking's name, else its short address. */
const account = (e: SentenceEvent): string => e.names?.account ?? address(e.account);

/** An admin who sent a grant or a setting: its viking's name, else "Admin" and its short address. */
const admin = (e: SentenceEvent): string => e.names?.account ?? `Admin ${address(e.account)}`;

const clan = (e: SentenceEvent): string => e.names?.clan ?? (e.clanId ? `clan #${e.clanId}` : 'a clan');
const vera = (e: SentenceEvent, id: unknown = e.veraId): string => `Vera #${str(id)}`;
const battleType = (code: unknown): string =>
  (codeLabel(BATTLE_TYPE_LABELS, num(code)) ?? `type ${str(code)}`).toLowerCase();
const currency = (e: SentenceEvent) => (e.kind === 'OnyxChanged' ? 'onyx' : 'runix');
const items = (list: unknown): string =>
  (Array.isArray(list) ? list : [])
    .map((entry) => {
      const { itemId, quantity } = (entry ?? {}) as { itemId?: unknown; quantity?: unknown };
      return `${formatAmount(str(quantity) || '0')} × ${itemName(num(itemId))}`;
    })
    .join(', ');

type Describe = (e: SentenceEvent, p: Record<string, unknown>) => string;

/** The AdminGrantKind code of a grant row's kind label (rows store the label). */
function grantKindCode(label: string): number | undefined {
  const found = Object.entries(ADMIN_GRANT_KIND_LABELS).find(([, l]) => l === label);
  return found ? Number(found[0]) : undefined;
}

function grant(e: SentenceEvent, p: Record<string, unknown>): string {
  const amount = formatAmount(str(p.amount) || '0');
  const by = admin(e);
  switch (grantKindCode(str(p.kind))) {
    case AdminGrantKind.runix:
      return `${by} granted ${amount} runix to ${actor(e)}`;
    case AdminGrantKind.onyx:
      return `${by} granted ${amount} onyx to ${actor(e)}`;
    case AdminGrantKind.item:
      return `${by} granted ${amount} × ${itemName(num(p.subjectId))} to ${actor(e)}`;
    case AdminGrantKind.lootbox:
      return `${by} granted ${amount === '1' ? 'a lootbox' : `${amount} lootboxes`} to ${actor(e)}`;
    case AdminGrantKind.amulet:
      return `${by} granted ${amount === '1' ? 'an amulet' : `${amount} amulets`} to ${actor(e)}`;
    case AdminGrantKind.vera:
      return `${by} granted a vera to ${actor(e)}`;
    case AdminGrantKind.experience:
      return `${by} granted ${amount} experience to ${vera(e, p.target)}`;
    case AdminGrantKind.wispExperience:
      return `${by} granted ${amount} wisp experience to ${clan(e)}`;
    default:
      return `${by} granted ${amount} ${str(p.kind).toLowerCase() || 'of something'}`;
  }
}

function battleResolved(e: SentenceEvent, p: Record<string, unknown>): string {
  const a = actor(e);
  const b = other(e);
  const type = battleType(p.battleType);
  const change = e.eloChange;
  const result = num(p.result);
  if (result === BattleOutcome.tie) {
    const tail = change ? `: ${formatSigned(change.a)} / ${formatSigned(change.b)}` : '';
    return `${a} and ${b} drew in ${type}${tail}`;
  }
  const aWon = result === BattleOutcome.aWon;
  const [winner, loser] = aWon ? [a, b] : [b, a];
  const score = aWon ? `${str(p.scoreA)}–${str(p.scoreB)}` : `${str(p.scoreB)}–${str(p.scoreA)}`;
  if (!change) return `${winner} beat ${loser} in ${type} (${score})`;
  const [up, down] = aWon ? [change.a, change.b] : [change.b, change.a];
  return `${winner} beat ${loser} in ${type}: ${formatSigned(up)} / ${formatSigned(down)}`;
}

const CHALLENGE_OUTCOME: Record<number, string> = { 1: 'accepted', 2: 'declined' };
const JOIN_OUTCOME: Record<number, string> = { 1: 'accepted', 2: 'declined', 3: 'withdrew' };
function veraResult(code: number): string {
  if (code === VeraBattleResult.win) return 'won';
  if (code === VeraBattleResult.loss) return 'lost';
  return code === VeraBattleResult.tie ? 'drew' : 'fought';
}

const KINDS: Record<string, Describe> = {
  // mints
  VeraMinted: (e, p) => {
    const mint = {
      veraId: str(p.veraId ?? e.veraId),
      owner: str(p.owner ?? e.account),
      ownerName: str(p.ownerName) || e.names?.character || '',
      method: str(p.method),
      statTotal: typeof p.statTotal === 'number' ? p.statTotal : null,
    };
    return mint.statTotal === null ? mintHeadline(mint) : `${mintHeadline(mint)} (${mintDetail(mint)})`;
  },
  // battles
  QueueEntered: (e, p) =>
    `${actor(e)} queued for ${battleType(p.battleType)} with ${(p.veraIds as unknown[] | undefined)?.length ?? 0} veras`,
  QueueLeft: (e, p) => `${actor(e)} left the ${battleType(p.battleType)} queue`,
  BattleStarted: (e, p) => `${actor(e)} and ${other(e)} started a ${battleType(p.battleType)} battle`,
  ActionsSubmitted: (e) => `${actor(e)} made their battle moves`,
  BattleResolved: battleResolved,
  BattleTimedOut: (e, p) => {
    const battle = p.battleId === undefined ? 'the battle' : `battle #${str(p.battleId)}`;
    if (p.silentA && p.silentB) return `${actor(e)} and ${other(e)} both let the turn of ${battle} run out`;
    const [silent, waiting] = p.silentA ? [actor(e), other(e)] : [other(e), actor(e)];
    return `${silent} let the turn run out: ${waiting} wins ${battle} by timeout`;
  },
  EloChanged: (e, p) => {
    const before = num(p.eloBefore);
    const after = num(p.eloAfter);
    return `${actor(e)}'s ${battleType(p.battleType)} elo ${before} → ${after} (${formatSigned(after - before)})`;
  },
  ChallengeSent: (e, p) => `${actor(e)} challenged ${other(e)} to a ${battleType(p.battleType)} battle`,
  ChallengeClosed: (e, p) => {
    const outcome = CHALLENGE_OUTCOME[num(p.outcome)];
    return outcome
      ? `${actor(e)} ${outcome} ${other(e)}'s challenge`
      : `${actor(e)} withdrew the challenge to ${other(e)}`;
  },
  BattleTypeToggled: (e, p) =>
    `${admin(e)} turned ${battleType(p.battleType)} battles ${p.enabled ? 'on' : 'off'}`,
  // clans
  ClanFounded: (e, p) => `${actor(e)} founded the clan ${str(p.name) || clan(e)} [${str(p.tag)}]`,
  ClanStatusChanged: (e, p) => {
    const status = num(p.status);
    if (status === ClanStatus.active) return `${admin(e)} approved the clan ${clan(e)}`;
    if (status === ClanStatus.declined) return `${admin(e)} declined the clan ${clan(e)}`;
    return `${admin(e)} set the clan ${clan(e)} to pending`;
  },
  ClanUpdated: (e) => `The clan ${clan(e)} updated its description`,
  ClanInviteSent: (e) => `${actor(e)} invited ${other(e)} to ${clan(e)}`,
  ClanInviteDeclined: (e) => `${actor(e)} declined the invitation to ${clan(e)}`,
  ClanJoinRequested: (e) => `${actor(e)} asked to join ${clan(e)}`,
  ClanJoinRequestClosed: (e, p) => {
    const outcome = JOIN_OUTCOME[num(p.outcome)] ?? 'closed';
    return outcome === 'withdrew'
      ? `${actor(e)} withdrew the request to join ${clan(e)}`
      : `${actor(e)} ${outcome} ${other(e)}'s request to join ${clan(e)}`;
  },
  ClanMemberJoined: (e, p) =>
    `${actor(e)} joined ${clan(e)} as ${(codeLabel(CLAN_RANK_LABELS, num(p.rank)) ?? 'member').toLowerCase()}`,
  ClanMemberLeft: (e, p) =>
    p.reason === 'kicked' && e.names?.other
      ? `${other(e)} kicked ${actor(e)} from ${clan(e)}`
      : p.reason === 'kicked'
        ? `${actor(e)} was kicked from ${clan(e)}`
        : `${actor(e)} left ${clan(e)}`,
  ClanRankChanged: (e, p) =>
    `${actor(e)} became ${(codeLabel(CLAN_RANK_LABELS, num(p.newRank)) ?? 'member').toLowerCase()} of ${clan(e)}`,
  ClanPointsChanged: (e, p) =>
    `${actor(e)} earned ${formatAmount(str(p.added) || '0')} points for ${clan(e)} (total ${formatAmount(str(p.clanPoints) || '0')})`,
  WispExperienceGained: (e, p) =>
    `${clan(e)}'s wisp gained ${formatAmount(str(p.amount) || '0')} experience (level ${num(p.levelBefore)} → ${num(p.levelAfter)})`,
  // bank
  RunixLocked: (e, p) => `${actor(e)} locked ${formatAmount(str(p.runix) || '0')} runix in the bank`,
  RunixUnlocked: (e, p) =>
    `${actor(e)} unlocked ${formatAmount(str(p.runix) || '0')} runix (+${formatAmount(str(p.runixReward) || '0')} runix, +${formatAmount(str(p.onyxReward) || '0')} onyx)`,
  BankMilestoneReached: (e, p) =>
    `${actor(e)} reached bank milestone ${str(p.milestoneId)} (${formatAmount(str(p.earningsToDate) || '0')} runix earned)`,
  LockDurationSet: (e, p) =>
    `${admin(e)} set bank lock ${str(p.lockIndex)} to ${Math.round(num(p.durationSeconds) / 86_400)} days`,
  // shop
  ShopItemUpdated: (_e, p) =>
    `Shop ${str(p.shopId)} stocks ${formatAmount(str(p.quantity) || '0')} × ${itemName(num(p.itemId))} at ${formatAmount(str(p.runixCost) || '0')} runix`,
  ShopTransaction: (e, p) => {
    const parts: string[] = [];
    const bought = items(p.bought);
    const sold = items(p.sold);
    if (bought) parts.push(`bought ${bought} for ${formatAmount(str(p.runixPaid) || '0')} runix`);
    if (sold) parts.push(`sold ${sold} for ${formatAmount(str(p.runixReceived) || '0')} runix`);
    return `${actor(e)} ${parts.join(' and ') || 'traded'} at shop ${str(p.shopId)}`;
  },
  ShopReputationChanged: (e, p) =>
    `${actor(e)} reached reputation milestone ${str(p.milestone)} at shop ${str(p.shopId)}`,
  ShopRepriced: (e, p) =>
    `${admin(e)} repriced ${itemName(num(p.itemId))} from ${formatAmount(str(p.oldCost) || '0')} to ${formatAmount(str(p.newCost) || '0')} runix`,
  ShopRestocked: (e, p) =>
    `${admin(e)} restocked ${formatAmount(str(p.added) || '0')} × ${itemName(num(p.itemId))} (now ${formatAmount(str(p.quantityAfter) || '0')})`,
  // grants
  AdminGranted: grant,
  // vikings
  CharacterCreated: (e) => `${actor(e)} joined the game`,
  CharacterRenamed: (_e, p) => `${str(p.oldName)} is now called ${str(p.newName)}`,
  CharacterSelected: (e) => `${address(e.account)} now plays as ${actor(e)}`,
  PlayerLoggedIn: (e) => `${actor(e)} logged in`,
  AccountLinkRequested: (_e, p) => `${address(p.playAccount)} asked to play for ${address(p.mainAccount)}`,
  AccountLinkAccepted: (_e, p) => `${address(p.mainAccount)} linked ${address(p.playAccount)}`,
  AccountLinkDeclined: (_e, p) => `${address(p.mainAccount)} declined ${address(p.playAccount)}`,
  // veras
  Transfer: (e, p) =>
    /^0x0+$/.test(str(p.from))
      ? `${vera(e)} came to ${account(e)}`
      : `${vera(e)} moved from ${address(p.from)} to ${account(e)}`,
  VeraStatsAllocated: (e, p) => {
    const points = Array.isArray(p.points) ? p.points.reduce((s: number, v) => s + num(v), 0) : num(p.points);
    return `${account(e)} spent ${points} stat point${points === 1 ? '' : 's'} on ${vera(e)}`;
  },
  VeraAbilityLearned: (e, p) =>
    `${account(e)}'s ${vera(e)} learned ${findAbility(num(p.abilityId))?.name ?? `ability #${str(p.abilityId)}`}`,
  VeraTracked: (e, p) => `${actor(e)} went tracking in ${areaName(num(p.areaId))}`,
  VeraExperienceGained: (e, p) => {
    const up =
      num(p.levelAfter) > num(p.levelBefore) ? ` (level ${num(p.levelBefore)} → ${num(p.levelAfter)})` : '';
    return `${account(e)}'s ${vera(e)} gained ${formatAmount(str(p.amount) || '0')} experience${up}`;
  },
  VeraBattleRecorded: (e, p) =>
    `${account(e)}'s ${vera(e)} ${veraResult(num(p.result))} battle #${str(p.battleId)} (${num(p.wins)}–${num(p.losses)}–${num(p.ties)})`,
  // roles
  RoleGranted: (e, p) => `${account(e)} was given the ${codeLabel(ROLE_LABELS, num(p.role)) ?? 'a'} role`,
  RoleRevoked: (e, p) => `${account(e)} lost the ${codeLabel(ROLE_LABELS, num(p.role)) ?? 'a'} role`,
  VersionUpdated: (e, p) => `${admin(e)} set the game version to ${str(p.version)}`,
  // inventory
  RunixChanged: inventoryCurrency,
  OnyxChanged: inventoryCurrency,
  ItemChanged: (e, p) => {
    const delta = BigInt(str(p.delta) || '0');
    const what = `${formatAmount(delta < 0n ? -delta : delta)} × ${itemName(num(p.itemId))}`;
    return `${actor(e)} ${delta < 0n ? 'used' : 'got'} ${what}${reason(p)}`;
  },
  AmuletCreated: (e) => `${actor(e)} got an amulet`,
  AmuletTransferred: (e) => `${actor(e)} gave an amulet to ${other(e)}`,
  AmuletEquipped: (e, p) => `${actor(e)} equipped an amulet on ${vera(e, p.veraId)}`,
  LootBoxCreated: (e) => `${actor(e)} got a lootbox`,
  LootBoxClaimed: (e, p) => `${actor(e)} ${p.spedUp ? 'sped up' : 'started opening'} a lootbox`,
  LootBoxConsumed: (e) => `${actor(e)} opened a lootbox`,
  LootBoxSlotPurchased: (e, p) =>
    `${actor(e)} bought a lootbox slot for ${formatAmount(str(p.onyxPaid) || '0')} onyx (${num(p.slotCount)} slots)`,
  BeltSlotPurchased: (e, p) =>
    `${actor(e)} bought a belt slot for ${formatAmount(str(p.runixPaid) || '0')} runix (${num(p.slotCount)} slots)`,
  BeltChanged: (e, p) =>
    `${actor(e)} ${p.added ? 'put' : 'took'} ${itemName(num(p.itemId))} ${p.added ? 'on' : 'off'} their belt`,
};

function reason(p: Record<string, unknown>): string {
  const why = str(p.reason);
  return why && !why.startsWith('0x') ? ` (${why.replace(/_/g, ' ')})` : '';
}

function inventoryCurrency(e: SentenceEvent, p: Record<string, unknown>): string {
  const delta = BigInt(str(p.delta) || '0');
  const amount = formatAmount(delta < 0n ? -delta : delta);
  const verb = delta < 0n ? 'spent' : 'received';
  return `${actor(e)} ${verb} ${amount} ${currency(e)}${reason(p)}`;
}

export function describeActivity(event: SentenceEvent): string {
  const rule = KINDS[event.kind];
  if (rule) {
    try {
      return rule(event, event.payload ?? {});
    } catch {
      // a payload this build does not understand reads as the fallback below
    }
  }
  const words = event.kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const subject = event.veraId ? ` · ${vera(event)}` : event.clanId ? ` · ${clan(event)}` : '';
  return `${actor(event)}: ${words}${subject}`;
}

import { findAbility } from '../catalogue/abilities.ts';
import { BATTLE_TYPE_LABELS, codeLabel } from '../catalogue/codes.ts';
import { findSpecies } from '../catalogue/species.ts';
import { abbreviateAddress, isAddress } from './address.ts';

/**
 * Player-facing sentences for every custom error in chain/contracts/interfaces/SkaldErrors.sol. The web app's
 * transaction toast shows these instead of a raw revert name. `args` are the decoded error arguments (viem's
 * `error.data.args`); each sentence reads well with or without them.
 */
type Args = readonly unknown[];
type Describe = (args: Args) => string;

function text(value: unknown): string | undefined {
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'string')
    return String(value);
  return undefined;
}

/** "Vera #12" when the id is known, otherwise the fallback ("This vera"). */
function named(noun: string, id: unknown, fallback: string): string {
  const shown = text(id);
  return shown === undefined ? fallback : `${noun} #${shown}`;
}

/** " 7" when known, "" otherwise: for sentences that read fine without the value. */
function spaced(value: unknown): string {
  const shown = text(value);
  return shown === undefined ? '' : ` ${shown}`;
}

/** A small uint argument (viem decodes uint8/16/32 as number, wider ones as bigint). */
function small(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'bigint' && value <= 65_535n ? Number(value) : undefined;
}

function idPhrase(id: unknown): string {
  const shown = text(id);
  return shown === undefined ? 'that id' : `id ${shown}`;
}

function account(value: unknown): string {
  return isAddress(value) ? `Account ${abbreviateAddress(value)}` : 'This account';
}

/** Unix seconds (uint64) as "2025-01-31 18:00 UTC"; fixed zone so server and browser render the same text. */
function utc(seconds: unknown): string | undefined {
  const shown = text(seconds);
  if (shown === undefined || !/^\d+$/.test(shown)) return undefined;
  const date = new Date(Number(shown) * 1000);
  return Number.isNaN(date.getTime())
    ? undefined
    : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "until 2025-01-31 18:00 UTC", or "" when the timestamp is missing. */
function until(seconds: unknown): string {
  const when = utc(seconds);
  return when === undefined ? '' : `until ${when}`;
}

const MESSAGES = {
  // admin battle
  AdminBattle_DifferentBattleTypes: () => 'The characters are queued for different battle types.',
  AdminBattle_DisabledBattleType: ([type]) => {
    const code = small(type);
    const label = code === undefined ? undefined : codeLabel(BATTLE_TYPE_LABELS, code);
    return label === undefined
      ? 'This battle type is disabled right now.'
      : `${label} battles are disabled right now.`;
  },
  AdminBattle_InvalidBattle: ([id]) =>
    `${named('Battle', id, 'This battle')} does not exist or is not running.`,
  AdminBattle_InvalidVera: ([id]) => `${named('Vera', id, 'This vera')} cannot take part in this battle.`,
  AdminBattle_MismatchedCharacterArsenals: () =>
    'The characters’ arsenals do not match the battle’s line-up.',
  AdminBattle_NoCharacters: () => 'A battle needs characters to fight in it.',
  AdminBattle_NoVeraSet: () => 'Choose at least one vera before entering a battle.',
  AdminBattle_TooManyCharacters: () => 'Too many characters for this battle.',
  // admin grant
  AdminGrant_InsufficientSpace: () => 'There is no free slot left for this.',
  AdminGrant_InvalidAmuletRarity: ([rarity]) =>
    `Amulet rarity${spaced(rarity)} is not valid; it must be 1 to 5.`,
  AdminGrant_InvalidAmuletRuneType: ([rune]) =>
    `Amulet rune type${spaced(rune)} is not valid; it must be 1 (Sun), 2 (Nature) or 3 (Hail).`,
  AdminGrant_InvalidCharacter: ([id]) => `${named('Character', id, 'This character')} does not exist.`,
  AdminGrant_InvalidClan: ([id]) =>
    `${named('Clan', id, 'This clan')} does not exist or is not awaiting approval.`,
  AdminGrant_InvalidVera: () =>
    'That vera cannot be granted: check its species, runes, personality and level.',
  // roles
  InvalidRole: ([role]) => `Role${spaced(role)} does not exist; use 1 (admin) or 2 (game).`,
  // player
  Player_NeedsOnboardingForShop: () => 'Finish onboarding by logging in once before using the shop.',
  Player_NeedsOnboardingForWorld: () => 'Finish onboarding by logging in once before exploring the world.',
  Player_StillOnboardingForStash: () => 'Your stash opens once onboarding is finished.',
  Player_StillOnboardingForTracker: () => 'The vera tracker opens once onboarding is finished.',
  Player_BeltEmpty: () => 'That item is not on your belt.',
  Player_BeltOverflow: () => 'Your belt is full.',
  Player_SoulboundAmulet: ([id]) =>
    `${named('Amulet', id, 'This amulet')} is soulbound and cannot be transferred.`,
  Player_SoulboundLootBox: ([id]) =>
    `${named('Lootbox', id, 'This lootbox')} is soulbound and cannot be transferred.`,
  Player_ZeroAmount: () => 'The amount must be more than zero.',
  Player_AlreadyTracked: ([species]) => {
    const id = small(species);
    const found = id === undefined ? undefined : findSpecies(id);
    return `You are already tracking ${found === undefined ? 'this species' : found.name}.`;
  },
  Player_LinkedAccountOnly: () => 'Only a linked play account can do this.',
  Player_UnknownAccountVersion: () => 'This account version is not recognised.',
  // random numbers
  RandomNumbers_NoNumbers: () => 'No random numbers are available yet; please try again shortly.',
  // store and world
  World_AccessDenied: ([caller]) => `${account(caller)} is not allowed to do this.`,
  World_ResourceNotFound: ([id]) => `Nothing with ${idPhrase(id)} was found.`,
  World_ResourceAlreadyExists: ([id]) => `Something with ${idPhrase(id)} already exists.`,
  World_InsufficientBalance: ([balance, amount]) =>
    text(balance) === undefined || text(amount) === undefined
      ? 'Your balance is too low for this.'
      : `Your balance is too low: you have ${text(balance)} but need ${text(amount)}.`,
  World_InvalidNamespace: () => 'That namespace is not valid.',
  // game rules the catalogue does not name
  Player_NoCharacter: ([who]) => `${account(who)} has no character yet; create one first.`,
  Player_InvalidName: () => 'A name must be 3 to 24 bytes long.',
  Bank_StillLocked: ([date]) => `These runix are still locked ${until(date) || 'for now'}.`,
  Shop_NotPurchasable: ([id]) => `${named('Item', id, 'This item')} cannot be bought in this shop.`,
  Shop_NotSellable: ([id]) => `${named('Item', id, 'This item')} cannot be sold in this shop.`,
  Clan_NotMember: ([clan, who]) =>
    `${named('Character', who, 'This character')} is not a member of ${named('clan', clan, 'this clan')}.`,
  Clan_AlreadyInClan: ([who]) => `${named('Character', who, 'This character')} is already in a clan.`,
  Clan_NotInvited: ([clan, who]) =>
    `${named('Character', who, 'This character')} has no invitation to ${named('clan', clan, 'this clan')}.`,
  Clan_InsufficientRank: ([clan, who]) =>
    `${named('Character', who, 'This character')} does not hold a high enough rank in ${named('clan', clan, 'this clan')}.`,
  Clan_NotActive: ([clan]) => `${named('Clan', clan, 'This clan')} is not active.`,
  Battle_AlreadyQueued: ([who]) =>
    `${named('Character', who, 'This character')} is already waiting in a queue.`,
  Battle_AlreadySubmitted: ([battle, who]) =>
    `${named('Character', who, 'This character')} has already submitted actions for ${named('battle', battle, 'this battle')}.`,
  Battle_DeadlineNotReached: ([battle, deadline]) =>
    `${named('Battle', battle, 'This battle')} is still in its turn; a win by timeout can be claimed once it ends${utc(deadline) === undefined ? '' : ` (${utc(deadline)})`}.`,
  Vera_StarterClaimed: ([who]) =>
    `${named('Character', who, 'This character')} has already claimed its starter vera; explore to find more.`,
  Vera_AbilityNotAllowed: ([vera, ability]) => {
    const id = small(ability);
    const found = id === undefined ? undefined : findAbility(id);
    return `${named('Vera', vera, 'This vera')} cannot learn ${found === undefined ? 'that ability' : found.name}: a vera learns only its species’ and main rune’s abilities, at most 4.`;
  },
  LootBox_NotReady: ([id, end]) =>
    `${named('Lootbox', id, 'This lootbox')} cannot be opened ${until(end) || 'yet'}.`,
} as const satisfies Record<string, Describe>;

export type ContractErrorName = keyof typeof MESSAGES;

/** Every error name SkaldErrors.sol declares, for completeness checks and typed matching. */
export const CONTRACT_ERROR_NAMES = Object.keys(MESSAGES) as ContractErrorName[];

export function isContractErrorName(name: string): name is ContractErrorName {
  return Object.hasOwn(MESSAGES, name);
}

/** A sentence for a player. Unknown names still get one, naming the error so support can trace it. */
export function describeContractError(name: string, args: Args = []): string {
  if (isContractErrorName(name)) return (MESSAGES[name] as Describe)(args);
  return `The game contract rejected this action (${name}).`;
}

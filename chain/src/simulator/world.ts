/**
 * The simulator's model of the world, kept only from the events the game emits. Moves are chosen from this
 * model (`chooseMove`), so a bot only tries what should succeed. The simulator folds its own receipts in, and
 * the Battles contract's logs of every block (so it learns of battles and challenges people start with its bots);
 * the bench generator (bench/src/generate.ts) folds every mined block's logs and skips a bot with a move in flight.
 */
import type { Account, Address } from 'viem';

export type LootBoxState = { id: bigint; endTimestamp?: bigint };

export type Bot = {
  index: number;
  account: Account;
  characterId?: bigint;
  onboarded: boolean;
  busy: boolean;
  runix: bigint;
  onyx: bigint;
  items: Map<number, bigint>;
  veras: bigint[];
  lootBoxes: Map<bigint, LootBoxState>;
  clanId: bigint;
  rank: number;
  invites: Set<bigint>;
  queuedType: number;
  battle?: {
    id: bigint;
    veraIds: bigint[];
    submitted: boolean;
    /** the opponent is not one of the bots: a person waits for this bot's actions */
    versusPerson: boolean;
    opponentSubmitted: boolean;
    /** end of the turn (block time); 0 until BattleDeadlineSet is folded in */
    deadline: bigint;
  };
  /** open challenges sent to this bot: challenge id → battle type */
  challenges: Map<bigint, number>;
  locks: Map<number, bigint>;
  tracked: Set<number>;
};

export type VeraModel = {
  owner: Address;
  species: number;
  mainRune: number;
  abilities: Set<number>;
  unallocated: number;
};

export type ClanModel = { id: bigint; status: number; jarl: bigint; members: Set<bigint> };

type Args = Record<string, unknown>;
export type WorldEvent = { eventName: string; args: Args };

export class World {
  readonly bots: Bot[];
  readonly veras = new Map<bigint, VeraModel>();
  readonly clans = new Map<bigint, ClanModel>();
  /** chain time minus wall time, in seconds, refreshed from the latest block */
  chainClockOffset = 0;

  constructor(accounts: Account[]) {
    this.bots = accounts.map((account, index) => ({
      index,
      account,
      onboarded: false,
      busy: false,
      runix: 0n,
      onyx: 0n,
      items: new Map(),
      veras: [],
      lootBoxes: new Map(),
      clanId: 0n,
      rank: 0,
      invites: new Set(),
      queuedType: 0,
      challenges: new Map(),
      locks: new Map(),
      tracked: new Set(),
    }));
  }

  chainNow(): bigint {
    return BigInt(Math.floor(Date.now() / 1000 + this.chainClockOffset));
  }

  byCharacter(id: unknown): Bot | undefined {
    return this.bots.find((b) => b.characterId !== undefined && b.characterId === id);
  }

  byAccount(address: unknown): Bot | undefined {
    const a = String(address).toLowerCase();
    return this.bots.find((b) => b.account.address.toLowerCase() === a);
  }

  apply(events: WorldEvent[]): void {
    for (const { eventName, args } of events) this.applyOne(eventName, args);
  }

  private applyOne(eventName: string, a: Args): void {
    const bot = this.byCharacter(a.characterId);
    switch (eventName) {
      case 'CharacterCreated': {
        const owner = this.byAccount(a.account);
        if (owner) owner.characterId = a.characterId as bigint;
        return;
      }
      case 'PlayerLoggedIn': {
        const owner = this.byAccount(a.account);
        if (owner) owner.onboarded = true;
        return;
      }
      case 'VeraMinted': {
        this.veras.set(a.veraId as bigint, {
          owner: a.owner as Address,
          species: Number(a.species),
          mainRune: Number(a.mainRune),
          abilities: new Set(),
          unallocated: 0,
        });
        this.byAccount(a.owner)?.veras.push(a.veraId as bigint);
        return;
      }
      case 'VeraAbilityLearned':
        this.veras.get(a.veraId as bigint)?.abilities.add(Number(a.abilityId));
        return;
      case 'VeraExperienceGained':
      case 'VeraStatsAllocated': {
        const vera = this.veras.get(a.veraId as bigint);
        if (vera) vera.unallocated = Number(a.unallocatedAfter);
        return;
      }
      case 'VeraTracked':
        bot?.tracked.add(Number(a.species));
        return;
      case 'RunixChanged':
        if (bot) bot.runix = a.balanceAfter as bigint;
        return;
      case 'OnyxChanged':
        if (bot) bot.onyx = a.balanceAfter as bigint;
        return;
      case 'ItemChanged':
        bot?.items.set(Number(a.itemId), a.quantityAfter as bigint);
        return;
      case 'LootBoxCreated':
        bot?.lootBoxes.set(a.lootBoxId as bigint, { id: a.lootBoxId as bigint });
        return;
      case 'LootBoxClaimed':
        bot?.lootBoxes.set(a.lootBoxId as bigint, {
          id: a.lootBoxId as bigint,
          endTimestamp: a.endTimestamp as bigint,
        });
        return;
      case 'LootBoxConsumed':
        bot?.lootBoxes.delete(a.lootBoxId as bigint);
        return;
      case 'ClanFounded': {
        const id = a.clanId as bigint;
        this.clans.set(id, {
          id,
          status: 1,
          jarl: a.jarlId as bigint,
          members: new Set([a.jarlId as bigint]),
        });
        const jarl = this.byCharacter(a.jarlId);
        if (jarl) Object.assign(jarl, { clanId: id, rank: 3 });
        return;
      }
      case 'ClanStatusChanged': {
        const clan = this.clans.get(a.clanId as bigint);
        if (!clan) return;
        clan.status = Number(a.status);
        if (clan.status === 3) {
          for (const member of clan.members)
            Object.assign(this.byCharacter(member) ?? {}, { clanId: 0n, rank: 0 });
          clan.members.clear();
        }
        return;
      }
      case 'ClanInviteSent':
        bot?.invites.add(a.clanId as bigint);
        return;
      case 'ClanInviteDeclined':
        bot?.invites.delete(a.clanId as bigint);
        return;
      case 'ClanMemberJoined':
        this.clans.get(a.clanId as bigint)?.members.add(a.characterId as bigint);
        if (bot) Object.assign(bot, { clanId: a.clanId, rank: Number(a.rank), invites: new Set() });
        return;
      case 'ClanMemberLeft':
        this.clans.get(a.clanId as bigint)?.members.delete(a.characterId as bigint);
        if (bot) Object.assign(bot, { clanId: 0n, rank: 0 });
        return;
      case 'ClanRankChanged': {
        if (bot) bot.rank = Number(a.newRank);
        const clan = this.clans.get(a.clanId as bigint);
        if (clan && Number(a.newRank) === 3) clan.jarl = a.characterId as bigint;
        return;
      }
      case 'QueueEntered':
        if (bot) bot.queuedType = Number(a.battleType);
        return;
      case 'QueueLeft':
        if (bot) bot.queuedType = 0;
        return;
      case 'BattleStarted':
        for (const [side, veras, opponent] of [
          [a.characterA, a.verasA, a.characterB],
          [a.characterB, a.verasB, a.characterA],
        ] as const) {
          const b = this.byCharacter(side);
          if (b)
            Object.assign(b, {
              queuedType: 0,
              battle: {
                id: a.battleId,
                veraIds: [...(veras as bigint[])],
                submitted: false,
                versusPerson: this.byCharacter(opponent) === undefined,
                opponentSubmitted: false,
                deadline: 0n,
              },
            });
        }
        return;
      case 'BattleDeadlineSet':
        for (const b of this.bots) {
          if (b.battle && b.battle.id === a.battleId) b.battle.deadline = a.deadline as bigint;
        }
        return;
      case 'ActionsSubmitted':
        for (const b of this.bots) {
          if (!b.battle || b.battle.id !== a.battleId) continue;
          if (b === bot) b.battle.submitted = true;
          else b.battle.opponentSubmitted = true;
        }
        return;
      case 'ChallengeSent': {
        const opponent = this.byCharacter(a.opponent);
        opponent?.challenges.set(a.challengeId as bigint, Number(a.battleType));
        return;
      }
      case 'ChallengeClosed':
        for (const b of this.bots) b.challenges.delete(a.challengeId as bigint);
        return;
      case 'BattleResolved':
        for (const side of [a.characterA, a.characterB]) {
          const b = this.byCharacter(side);
          if (b && b.battle?.id === a.battleId) b.battle = undefined;
        }
        return;
      case 'RunixLocked':
        bot?.locks.set(Number(a.lockIndex), a.unlockDate as bigint);
        return;
      case 'RunixUnlocked':
        bot?.locks.delete(Number(a.lockIndex));
        return;
    }
  }
}

/**
 * The benchmark generator's world model: what each character owns, kept only from the game's own logs (so it is
 * right even when a move reverts), and the choice of the next valid move for a character or for the admin.
 * Unlike the simulator it never waits for a receipt: a character with a transaction in flight is just skipped.
 */
import { STARTER_SHOP } from '@skald/chain';
import { Rng } from '@skald/chain/simulator';
import { abilitiesFor } from '@skald/game';
import type { Address } from 'viem';

export type Call = {
  from: Address | 'admin';
  contract: 'Characters' | 'Inventory' | 'Veras' | 'Battles' | 'Bank' | 'Shop' | 'Clans';
  functionName: string;
  args: readonly unknown[];
  gas: bigint;
};

type Vera = { id: bigint; species: number; mainRune: number; points: number; abilities: Set<number> };
export type Player = {
  address: Address;
  characterId?: bigint;
  busy: boolean;
  runix: bigint;
  onyx: bigint;
  items: Map<number, bigint>;
  veras: Vera[];
  stash: bigint[];
  chest: bigint[];
  locks: Map<number, bigint>;
  battle?: { id: bigint; size: number; submitted: boolean };
  queued: boolean;
  tracked: number;
  clanId: bigint;
  jarlOf?: bigint;
  invites: bigint[];
};

const MINT_GAS = 1_000_000n;
const GAS = 400_000n;

export class GameModel {
  readonly rng: Rng;
  readonly byCharacter = new Map<bigint, Player>();
  readonly veraOwner = new Map<bigint, Player>();
  readonly pendingClans = new Set<bigint>();
  readonly activeClans = new Map<bigint, Player>();
  now = 0n;

  constructor(
    readonly players: Player[],
    seed: number,
  ) {
    this.rng = new Rng(seed);
  }

  /** Folds one decoded game log into the model. */
  apply(name: string, a: Record<string, unknown>): void {
    const who = (id: unknown) => this.byCharacter.get(id as bigint);
    switch (name) {
      case 'CharacterCreated': {
        const p = this.players.find((x) => x.address.toLowerCase() === String(a.account).toLowerCase());
        if (p) {
          p.characterId = a.characterId as bigint;
          this.byCharacter.set(p.characterId, p);
        }
        break;
      }
      case 'RunixChanged': {
        const p = who(a.characterId);
        if (p) p.runix = a.balanceAfter as bigint;
        break;
      }
      case 'OnyxChanged': {
        const p = who(a.characterId);
        if (p) p.onyx = a.balanceAfter as bigint;
        break;
      }
      case 'ItemChanged':
        who(a.characterId)?.items.set(Number(a.itemId), a.quantityAfter as bigint);
        break;
      case 'VeraMinted': {
        const p = who(a.characterId);
        if (!p) break;
        const level = Number(a.level);
        const v = {
          id: a.veraId as bigint,
          species: Number(a.species),
          mainRune: Number(a.mainRune),
          points: 3 * (level - 1),
          abilities: new Set<number>(),
        };
        p.veras.push(v);
        this.veraOwner.set(v.id, p);
        break;
      }
      case 'VeraExperienceGained':
      case 'VeraStatsAllocated': {
        const v = this.veraOwner.get(a.veraId as bigint)?.veras.find((x) => x.id === a.veraId);
        if (v) v.points = Number(a.unallocatedAfter);
        break;
      }
      case 'VeraAbilityLearned':
        this.veraOwner
          .get(a.veraId as bigint)
          ?.veras.find((x) => x.id === a.veraId)
          ?.abilities.add(Number(a.abilityId));
        break;
      case 'LootBoxCreated':
        who(a.characterId)?.stash.push(a.lootBoxId as bigint);
        break;
      case 'LootBoxClaimed': {
        const p = who(a.characterId);
        if (!p) break;
        p.stash = p.stash.filter((id) => id !== a.lootBoxId);
        p.chest.push(a.lootBoxId as bigint);
        break;
      }
      case 'LootBoxConsumed': {
        const p = who(a.characterId);
        if (p) p.chest = p.chest.filter((id) => id !== a.lootBoxId);
        break;
      }
      case 'RunixLocked':
        who(a.characterId)?.locks.set(Number(a.lockIndex), a.unlockDate as bigint);
        break;
      case 'RunixUnlocked':
        who(a.characterId)?.locks.delete(Number(a.lockIndex));
        break;
      case 'BattleStarted':
        for (const [id, veras] of [
          [a.characterA, a.verasA],
          [a.characterB, a.verasB],
        ] as const) {
          const p = who(id);
          if (!p) continue;
          p.queued = false;
          p.battle = { id: a.battleId as bigint, size: (veras as unknown[]).length, submitted: false };
        }
        break;
      case 'BattleResolved':
        for (const id of [a.characterA, a.characterB]) {
          const p = who(id);
          if (p) p.battle = undefined;
        }
        break;
      case 'ClanFounded': {
        const p = who(a.jarlId);
        if (p) p.jarlOf = a.clanId as bigint;
        this.pendingClans.add(a.clanId as bigint);
        break;
      }
      case 'ClanStatusChanged': {
        this.pendingClans.delete(a.clanId as bigint);
        const jarl = this.players.find((p) => p.jarlOf === a.clanId);
        if (Number(a.status) === 2 && jarl) this.activeClans.set(a.clanId as bigint, jarl);
        break;
      }
      case 'ClanInviteSent':
        who(a.characterId)?.invites.push(a.clanId as bigint);
        break;
      case 'ClanMemberJoined': {
        const p = who(a.characterId);
        if (p) {
          p.clanId = a.clanId as bigint;
          p.invites = [];
        }
        break;
      }
    }
  }

  /** A valid move for an idle onboarded player, or undefined. */
  playerMove(p: Player): Call | undefined {
    const r = this.rng;
    const call = (contract: Call['contract'], functionName: string, args: readonly unknown[], gas = GAS) => ({
      from: p.address,
      contract,
      functionName,
      args,
      gas,
    });
    const idleVeras = p.queued || p.battle ? [] : p.veras;
    const withPoints = p.veras.find((v) => v.points > 0);
    const learnable = p.veras.flatMap((v) =>
      v.abilities.size >= 4
        ? []
        : abilitiesFor(v.species, v.mainRune)
            .filter((x) => !v.abilities.has(x.id))
            .map((x) => [v.id, x.id] as const),
    );
    const freeLock = [0, 1, 2].find((i) => !p.locks.has(i));
    const dueLock = [...p.locks].find(([, until]) => until + 2n < this.now);
    const held = [...p.items].filter(([, q]) => q > 1n);
    const options: [number, () => Call | undefined][] = [
      [3, () => call('Veras', 'encounter', [r.int(1, 8)], MINT_GAS)],
      [p.battle && !p.battle.submitted ? 30 : 0, () => this.submit(p, call)],
      [idleVeras.length > 0 ? 3 : 0, () => this.enterQueue(p, call)],
      [withPoints ? 2 : 0, () => this.allocate(withPoints as Vera, call)],
      [learnable.length > 0 ? 2 : 0, () => call('Veras', 'learnVeraAbility', [...r.choice(learnable)])],
      [p.runix >= 400n ? 2 : 0, () => this.buy(call)],
      [held.length > 0 ? 1 : 0, () => this.sell(r.choice(held), call)],
      [p.stash.length > 0 && p.chest.length === 0 && p.onyx >= 20n ? 3 : 0, () => this.claim(p, call)],
      [p.chest.length > 0 ? 6 : 0, () => call('Veras', 'openLootBox', [p.chest[0]], MINT_GAS)],
      [freeLock !== undefined && p.runix >= 200n ? 1 : 0, () => this.lock(p, freeLock as number, call)],
      [dueLock ? 4 : 0, () => call('Bank', 'unlockRunix', [(dueLock as [number, bigint])[0]])],
      [0.5, () => this.track(p, call)],
      [
        p.clanId === 0n && !p.jarlOf && this.activeClans.size + this.pendingClans.size < 20 ? 0.3 : 0,
        () => this.found(p, call),
      ],
      [
        p.invites.length > 0 && p.clanId === 0n ? 8 : 0,
        () => call('Clans', 'acceptClanInvite', [p.invites[0]]),
      ],
      [p.jarlOf && this.activeClans.has(p.jarlOf) ? 1 : 0, () => this.invite(p, call)],
      [
        0.2,
        () =>
          call('Characters', 'setCharacterName', [p.characterId, `Viking${p.characterId}x${r.int(0, 99)}`]),
      ],
    ];
    return pick(r, options);
  }

  /** An admin grant to a random character (or vera or clan). */
  adminMove(): Call | undefined {
    const r = this.rng;
    const ids = [...this.byCharacter.keys()];
    if (ids.length === 0) return undefined;
    const id = r.choice(ids);
    const target = this.byCharacter.get(id) as Player;
    const admin = (
      contract: Call['contract'],
      functionName: string,
      args: readonly unknown[],
      gas = GAS,
    ) => ({
      from: 'admin' as const,
      contract,
      functionName,
      args,
      gas,
    });
    const veras = [...this.veraOwner.keys()];
    return pick(r, [
      [3, () => admin('Inventory', 'admin_grantRunix', [id, BigInt(r.int(100, 2_000))])],
      [1, () => admin('Inventory', 'admin_grantOnyx', [id, BigInt(r.int(10, 100))])],
      [1, () => admin('Inventory', 'admin_grantItem', [id, r.int(1, 6), BigInt(r.int(1, 5))])],
      [0.5, () => admin('Inventory', 'admin_grantAmulet', [id, r.int(1, 5), r.int(1, 3), r.next() < 0.3])],
      [
        target.stash.length + target.chest.length < 6 ? 1.5 : 0,
        () => admin('Inventory', 'admin_grantLootBox', [id, r.int(1, 3), r.int(0, 8), r.int(0, 3), false]),
      ],
      [
        2,
        () =>
          admin(
            'Veras',
            'admin_grantVera',
            [id, r.int(1, 8), r.int(1, 3), r.int(1, 6), r.int(1, 3), r.int(1, 10), r.next() < 0.05],
            MINT_GAS,
          ),
      ],
      [
        veras.length > 0 ? 1.5 : 0,
        () => admin('Veras', 'admin_grantExperience', [r.choice(veras), r.int(50, 400)]),
      ],
      [
        this.pendingClans.size > 0 ? 5 : 0,
        () => admin('Clans', 'admin_approveClan', [[...this.pendingClans][0]]),
      ],
      [
        this.activeClans.size > 0 ? 0.5 : 0,
        () =>
          admin('Clans', 'admin_grantWispExperience', [
            r.choice([...this.activeClans.keys()]),
            BigInt(r.int(20, 150)),
          ]),
      ],
    ]);
  }

  private submit(p: Player, call: CallFn): Call {
    const b = p.battle as NonNullable<Player['battle']>;
    b.submitted = true;
    const actions = Array.from({ length: b.size }, () => this.rng.int(0, 2));
    return call('Battles', 'submitActions', [b.id, actions, []], 1_500_000n);
  }

  private enterQueue(p: Player, call: CallFn): Call {
    p.queued = true;
    const veras = this.rng.sample(p.veras, this.rng.int(1, Math.min(3, p.veras.length))).map((v) => v.id);
    return call('Battles', 'enterQueue', [p.characterId, 1, veras], 1_500_000n);
  }

  private allocate(v: Vera, call: CallFn): Call {
    const points = [0, 0, 0, 0, 0, 0];
    points[this.rng.int(0, 5)] = 1;
    v.points -= 1;
    return call('Veras', 'allocateVeraStats', [v.id, points]);
  }

  private buy(call: CallFn): Call {
    const item = this.rng.choice(STARTER_SHOP.items.slice(0, 4));
    return call('Shop', 'transactWithShop', [1, [], [{ itemId: item.itemId, quantity: 1n }]]);
  }

  private sell([itemId, q]: [number, bigint], call: CallFn): Call {
    return call('Shop', 'transactWithShop', [1, [{ itemId, quantity: q / 2n }], []]);
  }

  private claim(p: Player, call: CallFn): Call {
    return call('Inventory', 'claimLootBox', [p.stash[0], true]);
  }

  private lock(p: Player, index: number, call: CallFn): Call {
    return call('Bank', 'lockRunix', [index, p.runix / 4n]);
  }

  private track(p: Player, call: CallFn): Call {
    const species = ((p.tracked + this.rng.int(0, 6)) % 8) + 1;
    p.tracked = species;
    return call('Veras', 'trackVera', [species, this.rng.int(1, 8), this.rng.int(0, 5), this.rng.int(1, 3)]);
  }

  private found(p: Player, call: CallFn): Call {
    return call('Clans', 'foundClan', [
      `Clan of ${p.characterId}`,
      `C${p.characterId}`.slice(0, 5),
      'Benchmark clan.',
    ]);
  }

  private invite(p: Player, call: CallFn): Call | undefined {
    const free = this.players.filter(
      (o) => o.characterId && o.clanId === 0n && !o.jarlOf && !o.invites.includes(p.jarlOf as bigint),
    );
    if (free.length === 0) return undefined;
    return call('Clans', 'sendClanInvite', [p.jarlOf, this.rng.choice(free).characterId]);
  }
}

type CallFn = (
  contract: Call['contract'],
  functionName: string,
  args: readonly unknown[],
  gas?: bigint,
) => Call;

function pick(rng: Rng, options: [number, () => Call | undefined][]): Call | undefined {
  const live = options.filter(([w]) => w > 0);
  let total = live.reduce((s, [w]) => s + w, 0);
  let roll = rng.next() * total;
  for (const [w, make] of live) {
    roll -= w;
    if (roll < 0) return make();
  }
  total = 0;
  return live.at(-1)?.[1]();
}

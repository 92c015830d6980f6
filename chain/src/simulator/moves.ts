/**
 * The moves a bot (or the admin acting on bots) can make, each chosen only when the world model says it should
 * succeed, and the deliberately bad moves with the named error each must revert with.
 */
import { abilitiesFor } from '@skald/game';
import { type Address, zeroAddress } from 'viem';
import { STARTER_SHOP } from '../deploy.ts';
import type { ContractName } from '../deployment.ts';
import type { Rng } from './rng.ts';
import type { Bot, ClanModel, World } from './world.ts';

export type Move = {
  kind: string;
  /** the bot that signs, or 'admin' */
  by: Bot | 'admin';
  contract: ContractName;
  functionName: string;
  args: readonly unknown[];
  /** set on deliberately bad moves: the custom error the chain must answer with */
  expectError?: string;
};

const ATTRIBUTES = (rng: Rng) => ({
  bodyType: rng.int(0, 3),
  eyeColorMain: rng.int(0, 11),
  eyeColorSecondary: rng.int(0, 11),
  hairColor: rng.int(0, 15),
  hairType: rng.int(0, 9),
  skinColor: rng.int(0, 7),
  accessoryColor: rng.int(0, 15),
  accessoryMainType: rng.int(0, 5),
  accessorySecondaryType: rng.int(0, 5),
  leatherColor: rng.int(0, 7),
  pantsColor: rng.int(0, 7),
  shirtColor: rng.int(0, 7),
  stitchesColor: rng.int(0, 7),
});

const NAMES = [
  'Ragnar',
  'Astrid',
  'Bjorn',
  'Freydis',
  'Ivar',
  'Sigrid',
  'Leif',
  'Gunnhild',
  'Ulf',
  'Thyra',
  'Halfdan',
  'Ingrid',
];
const CLAN_NAMES = [
  'Ravens of Odin',
  'Iron Wolves',
  'Sons of Ymir',
  'Frost Serpents',
  'Shieldbreakers',
  'Sea Eagles',
];

type Weighted = [weight: number, make: () => Move | undefined];

function pick(rng: Rng, options: Weighted[]): Move | undefined {
  const live = options.filter(([w]) => w > 0);
  let total = live.reduce((s, [w]) => s + w, 0);
  while (live.length > 0 && total > 0) {
    let roll = rng.next() * total;
    const index = live.findIndex(([w]) => {
      roll -= w;
      return roll < 0;
    });
    const [weight, make] = live.splice(index === -1 ? live.length - 1 : index, 1)[0] as Weighted;
    total -= weight;
    const move = make();
    if (move) return move;
  }
  return undefined;
}

/** A valid move for `bot`, or undefined when it has nothing sensible to do right now. */
export function chooseMove(world: World, bot: Bot, rng: Rng): Move | undefined {
  const b = bot;
  if (b.characterId === undefined) {
    const name = `${rng.choice(NAMES)}${b.index}`;
    const referrer: Address = b.index > 0 ? (world.bots[0]?.account.address ?? zeroAddress) : zeroAddress;
    const choices = { starterSpecies: rng.int(1, 8), starterRune: rng.int(1, 3) };
    return {
      kind: 'createCharacter',
      by: b,
      contract: 'Characters',
      functionName: 'createCharacter',
      args: [referrer, name, ATTRIBUTES(rng), choices],
    };
  }
  if (!b.onboarded) return { kind: 'login', by: b, contract: 'Characters', functionName: 'login', args: [] };
  const id = b.characterId;
  const now = world.chainNow();
  const admin = (
    kind: string,
    contract: ContractName,
    functionName: string,
    args: readonly unknown[],
  ): Move => ({ kind, by: 'admin', contract, functionName, args });
  const mine = (
    kind: string,
    contract: ContractName,
    functionName: string,
    args: readonly unknown[],
  ): Move => ({ kind, by: b, contract, functionName, args });
  const clan = world.clans.get(b.clanId);
  const stash = [...b.lootBoxes.values()].filter((l) => l.endTimestamp === undefined);
  const chests = [...b.lootBoxes.values()].filter((l) => l.endTimestamp !== undefined);
  const ready = chests.filter((l) => (l.endTimestamp as bigint) <= now);
  const freeLock = [0, 1, 2].find((i) => !b.locks.has(i));
  const dueLock = [...b.locks.entries()].find(([, until]) => until <= now);
  const heldItems = [...b.items.entries()].filter(([, q]) => q > 0n);
  const pendingClans = [...world.clans.values()].filter((c) => c.status === 1);
  const activeClans = [...world.clans.values()].filter((c) => c.status === 2);
  const veraWithPoints = b.veras.find((v) => (world.veras.get(v)?.unallocated ?? 0) > 0);

  return pick(rng, [
    [10, () => mine('encounter', 'Veras', 'encounter', [rng.int(1, 8)])],
    [
      b.runix < 200n ? 6 : 1,
      () => admin('grantRunix', 'Inventory', 'admin_grantRunix', [id, BigInt(rng.int(100, 1000))]),
    ],
    [1, () => admin('grantOnyx', 'Inventory', 'admin_grantOnyx', [id, BigInt(rng.int(5, 50))])],
    [1, () => admin('grantItem', 'Inventory', 'admin_grantItem', [id, rng.int(1, 6), BigInt(rng.int(1, 5))])],
    [
      1,
      () =>
        admin('grantAmulet', 'Inventory', 'admin_grantAmulet', [
          id,
          rng.int(1, 5),
          rng.int(1, 3),
          rng.next() < 0.3,
        ]),
    ],
    [
      b.lootBoxes.size < 4 ? 3 : 0,
      () =>
        admin('grantLootBox', 'Inventory', 'admin_grantLootBox', [
          id,
          rng.int(1, 3),
          rng.int(0, 8),
          rng.int(0, 3),
          rng.next() < 0.3,
        ]),
    ],
    [
      2,
      () =>
        admin('grantVera', 'Veras', 'admin_grantVera', [
          id,
          rng.int(1, 8),
          rng.int(1, 3),
          rng.int(1, 6),
          rng.int(1, 3),
          rng.int(1, 10),
          rng.next() < 0.05,
        ]),
    ],
    [
      b.veras.length > 0 ? 2 : 0,
      () =>
        admin('grantExperience', 'Veras', 'admin_grantExperience', [rng.choice(b.veras), rng.int(50, 400)]),
    ],
    [
      activeClans.length > 0 ? 1 : 0,
      () =>
        admin('grantWispExperience', 'Clans', 'admin_grantWispExperience', [
          rng.choice(activeClans).id,
          BigInt(rng.int(20, 150)),
        ]),
    ],
    [
      stash.length > 0 && chests.length < 2 ? 4 : 0,
      () => mine('claimLootBox', 'Inventory', 'claimLootBox', [rng.choice(stash).id, false]),
    ],
    [ready.length > 0 ? 8 : 0, () => mine('openLootBox', 'Veras', 'openLootBox', [rng.choice(ready).id])],
    [veraWithPoints !== undefined ? 2 : 0, () => allocate(b, world, veraWithPoints as bigint, rng)],
    [b.veras.length > 0 ? 2 : 0, () => learn(b, world, rng)],
    [b.tracked.size < 3 ? 0.5 : 0, () => track(b, rng)],
    [
      b.clanId === 0n && b.runix > 0n ? 0.6 : 0,
      () =>
        mine('foundClan', 'Clans', 'foundClan', [
          `${rng.choice(CLAN_NAMES)} ${b.index}`,
          `V${b.index}${rng.int(0, 9)}`,
          'Shields up, horns high.',
        ]),
    ],
    [
      pendingClans.length > 0 ? 3 : 0,
      () => {
        const c = rng.choice(pendingClans);
        return rng.next() < 0.85
          ? admin('approveClan', 'Clans', 'admin_approveClan', [c.id])
          : admin('declineClan', 'Clans', 'admin_declineClan', [c.id]);
      },
    ],
    [clan?.status === 2 && b.rank >= 2 ? 3 : 0, () => invite(b, world, rng)],
    [
      b.invites.size > 0 && b.clanId === 0n ? 5 : 0,
      () => {
        const c = rng.choice([...b.invites]);
        return rng.next() < 0.8
          ? mine('acceptClanInvite', 'Clans', 'acceptClanInvite', [c])
          : mine('declineClanInvite', 'Clans', 'declineClanInvite', [c]);
      },
    ],
    [b.clanId !== 0n && b.rank < 3 ? 0.3 : 0, () => mine('leaveClan', 'Clans', 'leaveClan', [])],
    [
      clan?.status === 2 && b.rank === 3 && clan.members.size > 2 ? 0.4 : 0,
      () => kickOrPromote(b, clan as ClanModel, rng),
    ],
    [
      b.veras.length > 0 && b.queuedType === 0 && !b.battle ? 4 : 0,
      () =>
        mine('enterQueue', 'Battles', 'enterQueue', [
          id,
          rng.int(1, 2),
          rng.sample(b.veras, rng.int(1, Math.min(3, b.veras.length))),
        ]),
    ],
    [
      b.battle && !b.battle.submitted ? 12 : 0,
      () => {
        const battle = b.battle as NonNullable<Bot['battle']>;
        const surrender = rng.next() < 0.05 ? battle.veraIds : [];
        return mine('submitActions', 'Battles', 'submitActions', [
          battle.id,
          Array.from({ length: battle.veraIds.length }, () => rng.int(0, 2)),
          surrender,
        ]);
      },
    ],
    [
      freeLock !== undefined && b.runix >= 50n ? 2 : 0,
      () => mine('lockRunix', 'Bank', 'lockRunix', [freeLock, b.runix / BigInt(rng.int(3, 6))]),
    ],
    [dueLock ? 6 : 0, () => mine('unlockRunix', 'Bank', 'unlockRunix', [(dueLock as [number, bigint])[0]])],
    [b.runix >= 100n ? 3 : 0, () => shopBuy(b, rng)],
    [
      heldItems.length > 0 ? 2 : 0,
      () => {
        const [itemId, q] = rng.choice(heldItems);
        return mine('shopSell', 'Shop', 'transactWithShop', [
          1,
          [{ itemId, quantity: q > 1n ? q / 2n : q }],
          [],
        ]);
      },
    ],
    [
      0.2,
      () =>
        mine('rename', 'Characters', 'setCharacterName', [
          id,
          `${rng.choice(NAMES)}${b.index}x${rng.int(0, 99)}`,
        ]),
    ],
  ]);
}

function shopBuy(b: Bot, rng: Rng): Move | undefined {
  const item = rng.choice(STARTER_SHOP.items);
  const quantity = BigInt(rng.int(1, 3));
  // list price is an upper bound: reputation only lowers it
  if (item.runixCost * quantity > b.runix) return undefined;
  return {
    kind: 'shopBuy',
    by: b,
    contract: 'Shop',
    functionName: 'transactWithShop',
    args: [STARTER_SHOP.shopId, [], [{ itemId: item.itemId, quantity }]],
  };
}

function allocate(b: Bot, world: World, veraId: bigint, rng: Rng): Move {
  const available = world.veras.get(veraId)?.unallocated ?? 1;
  const points = [0, 0, 0, 0, 0, 0];
  points[rng.int(0, 5)] = Math.max(1, Math.min(available, rng.int(1, 3)));
  return {
    kind: 'allocateVeraStats',
    by: b,
    contract: 'Veras',
    functionName: 'allocateVeraStats',
    args: [veraId, points],
  };
}

function learn(b: Bot, world: World, rng: Rng): Move | undefined {
  const candidates = b.veras.flatMap((veraId) => {
    const v = world.veras.get(veraId);
    if (!v || v.abilities.size >= 4) return [];
    return abilitiesFor(v.species, v.mainRune)
      .map((a) => a.id)
      .filter((a) => !v.abilities.has(a))
      .map((abilityId) => ({ veraId, abilityId }));
  });
  if (candidates.length === 0) return undefined;
  const { veraId, abilityId } = rng.choice(candidates);
  return {
    kind: 'learnVeraAbility',
    by: b,
    contract: 'Veras',
    functionName: 'learnVeraAbility',
    args: [veraId, abilityId],
  };
}

function track(b: Bot, rng: Rng): Move | undefined {
  const species = rng.int(1, 8);
  if (b.tracked.has(species)) return undefined;
  return {
    kind: 'trackVera',
    by: b,
    contract: 'Veras',
    functionName: 'trackVera',
    args: [species, rng.int(1, 8), rng.int(0, 5), rng.int(1, 3)],
  };
}

function invite(b: Bot, world: World, rng: Rng): Move | undefined {
  const targets = world.bots.filter(
    (o) => o.onboarded && o.clanId === 0n && o.characterId !== undefined && !o.invites.has(b.clanId),
  );
  if (targets.length === 0) return undefined;
  return {
    kind: 'sendClanInvite',
    by: b,
    contract: 'Clans',
    functionName: 'sendClanInvite',
    args: [b.clanId, rng.choice(targets).characterId],
  };
}

function kickOrPromote(b: Bot, clan: { id: bigint; members: Set<bigint> }, rng: Rng): Move | undefined {
  const others = [...clan.members].filter((m) => m !== b.characterId);
  if (others.length === 0) return undefined;
  const target = rng.choice(others);
  return rng.next() < 0.5
    ? {
        kind: 'kickClanMember',
        by: b,
        contract: 'Clans',
        functionName: 'kickClanMember',
        args: [clan.id, target],
      }
    : {
        kind: 'setClanRank',
        by: b,
        contract: 'Clans',
        functionName: 'setClanRank',
        args: [clan.id, target, rng.int(1, 2)],
      };
}

/**
 * Single moves that need more than one line to make: a newcomer's first moves, and the options that look for a
 * sensible target in the world model (and find none now and then).
 */
import {
  abilitiesFor,
  CHARACTER_ATTRIBUTE_KEYS,
  CHARACTER_LOOK_RANGES,
  type CharacterAttributes,
} from '@skald/game';
import { type Address, zeroAddress } from 'viem';
import { STARTER_SHOP } from '../deploy.ts';
import type { Move } from './move.ts';
import type { Rng } from './rng.ts';
import type { Bot, World } from './world.ts';

/** A random look: each attribute drawn from its range in @skald/game, in struct order (13 draws). */
export const randomLook = (rng: Rng): CharacterAttributes =>
  Object.fromEntries(
    CHARACTER_ATTRIBUTE_KEYS.map((key) => [
      key,
      rng.int(CHARACTER_LOOK_RANGES[key].min, CHARACTER_LOOK_RANGES[key].max),
    ]),
  ) as CharacterAttributes;

export const NAMES = [
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
export const CLAN_NAMES = [
  'Ravens of Odin',
  'Iron Wolves',
  'Sons of Ymir',
  'Frost Serpents',
  'Shieldbreakers',
  'Sea Eagles',
];

/** A character not yet created or not yet onboarded has one move; undefined once it plays. */
export function newcomerMove(world: World, b: Bot, rng: Rng): Move | undefined {
  if (b.characterId === undefined) {
    const name = `${rng.choice(NAMES)}${b.index}`;
    const referrer: Address = b.index > 0 ? (world.bots[0]?.account.address ?? zeroAddress) : zeroAddress;
    const choices = { starterSpecies: rng.int(1, 8), starterRune: rng.int(1, 3) };
    return {
      kind: 'createCharacter',
      by: b,
      contract: 'Characters',
      functionName: 'createCharacter',
      args: [referrer, name, randomLook(rng), choices],
    };
  }
  if (!b.onboarded) return { kind: 'login', by: b, contract: 'Characters', functionName: 'login', args: [] };
  return undefined;
}

export function shopBuy(b: Bot, rng: Rng): Move | undefined {
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

export function allocate(b: Bot, world: World, veraId: bigint, rng: Rng): Move {
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

export function learn(b: Bot, world: World, rng: Rng): Move | undefined {
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

export function track(b: Bot, rng: Rng): Move | undefined {
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

export function invite(b: Bot, world: World, rng: Rng): Move | undefined {
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

export function kickOrPromote(
  b: Bot,
  clan: { id: bigint; members: Set<bigint> },
  rng: Rng,
): Move | undefined {
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

/**
 * What a bot may do next, by subject, each option weighted by how sensible it is in the bot's situation (0: not
 * now). The order of the lists is part of the game a seed plays: keep it.
 */
import type { ContractName } from '../deployment.ts';
import type { Move } from './move.ts';
import { allocate, CLAN_NAMES, invite, kickOrPromote, learn, NAMES, shopBuy, track } from './move-makers.ts';
import type { Rng } from './rng.ts';
import type { Bot, ClanModel, World } from './world.ts';

export type Weighted = [weight: number, make: () => Move | undefined];

/** What the options depend on, read from the world model once per choice. */
type Situation = {
  world: World;
  b: Bot;
  rng: Rng;
  id: bigint;
  now: bigint;
  clan: ClanModel | undefined;
  activeClans: ClanModel[];
  admin(kind: string, contract: ContractName, functionName: string, args: readonly unknown[]): Move;
  mine(kind: string, contract: ContractName, functionName: string, args: readonly unknown[]): Move;
};

function situation(world: World, b: Bot, rng: Rng): Situation {
  return {
    world,
    b,
    rng,
    id: b.characterId as bigint,
    now: world.chainNow(),
    clan: world.clans.get(b.clanId),
    activeClans: [...world.clans.values()].filter((c) => c.status === 2),
    admin: (kind, contract, functionName, args) => ({ kind, by: 'admin', contract, functionName, args }),
    mine: (kind, contract, functionName, args) => ({ kind, by: b, contract, functionName, args }),
  };
}

/** Every option of an onboarded bot, in the order the draw sees them. */
export function optionsFor(world: World, bot: Bot, rng: Rng): Weighted[] {
  const s = situation(world, bot, rng);
  return [
    ...exploring(s),
    ...adminGrants(s),
    ...lootAndVeras(s),
    ...clanLife(s),
    ...battling(s),
    ...trading(s),
    ...renaming(s),
  ];
}

function exploring({ mine, rng }: Situation): Weighted[] {
  return [[10, () => mine('encounter', 'Veras', 'encounter', [rng.int(1, 8)])]];
}

/** The admin keeps the bots supplied: currencies, items, amulets, lootboxes, veras and experience. */
function adminGrants({ admin, b, id, rng, activeClans }: Situation): Weighted[] {
  return [
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
  ];
}

/** Lootboxes into the chest and open, then the veras: points, abilities, tracking. */
function lootAndVeras({ world, b, rng, now, mine }: Situation): Weighted[] {
  const stash = [...b.lootBoxes.values()].filter((l) => l.endTimestamp === undefined);
  const chests = [...b.lootBoxes.values()].filter((l) => l.endTimestamp !== undefined);
  const ready = chests.filter((l) => (l.endTimestamp as bigint) <= now);
  const veraWithPoints = b.veras.find((v) => (world.veras.get(v)?.unallocated ?? 0) > 0);
  return [
    [
      stash.length > 0 && chests.length < 2 ? 4 : 0,
      () => mine('claimLootBox', 'Inventory', 'claimLootBox', [rng.choice(stash).id, false]),
    ],
    [ready.length > 0 ? 8 : 0, () => mine('openLootBox', 'Veras', 'openLootBox', [rng.choice(ready).id])],
    [veraWithPoints !== undefined ? 2 : 0, () => allocate(b, world, veraWithPoints as bigint, rng)],
    [b.veras.length > 0 ? 2 : 0, () => learn(b, world, rng)],
    [b.tracked.size < 3 ? 0.5 : 0, () => track(b, rng)],
  ];
}

/** Founding (and the admin deciding), invites, joining, leaving, and the jarl running the clan. */
function clanLife({ world, b, rng, clan, admin, mine }: Situation): Weighted[] {
  const pendingClans = [...world.clans.values()].filter((c) => c.status === 1);
  return [
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
  ];
}

/** Queueing with some veras, then submitting actions (now and then a surrender). */
function battling({ b, id, rng, mine }: Situation): Weighted[] {
  return [
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
  ];
}

/** The bank's locks and the shop. */
function trading({ b, rng, now, mine }: Situation): Weighted[] {
  const freeLock = [0, 1, 2].find((i) => !b.locks.has(i));
  const dueLock = [...b.locks.entries()].find(([, until]) => until <= now);
  const heldItems = [...b.items.entries()].filter(([, q]) => q > 0n);
  return [
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
  ];
}

function renaming({ b, id, rng, mine }: Situation): Weighted[] {
  return [
    [
      0.2,
      () =>
        mine('rename', 'Characters', 'setCharacterName', [
          id,
          `${rng.choice(NAMES)}${b.index}x${rng.int(0, 99)}`,
        ]),
    ],
  ];
}

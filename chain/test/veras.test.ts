import { STARTER_RUNIX } from '@skald/game';
import { type Address, decodeFunctionData, toFunctionSelector } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerasAbi } from '../generated/abis.ts';
import { ROLE_GAME } from '../src/deploy.ts';
import {
  DEFAULT_ATTRIBUTES,
  eventOf,
  expectRevert,
  expectSkaldRevert,
  type Game,
  onboard,
  setupGame,
} from './fixtures.ts';

// game/'s level rule, restated: reaching level L takes 50 * L * (L - 1) cumulative experience
const MAX_EXPERIENCE = 16_777_215;
const experienceForLevel = (level: number) => 50 * level * (level - 1);
const levelFor = (experience: number) => {
  let level = 1;
  while (level < 100 && experience >= experienceForLevel(level + 1)) level++;
  return level;
};
const AREA_SPECIES: Record<number, number[]> = {
  1: [1, 2, 3],
  2: [2, 3, 4],
  3: [3, 4, 5],
  4: [4, 5, 6],
  5: [5, 6, 7],
  6: [6, 7, 8],
  7: [7, 8, 1],
  8: [8, 1, 2],
};
const SPECIES_ABILITIES: Record<number, number[]> = {
  1: [1, 2, 3, 4],
  2: [5, 6, 7, 8],
  3: [12, 13, 14, 15],
  4: [16, 17, 18, 19],
  5: [20, 21, 22, 23],
  6: [24, 25, 26, 27],
  7: [28, 29, 30, 31],
  8: [32, 33, 34, 35],
};
const RUNE_ABILITY: Record<number, number> = { 1: 10, 2: 11, 3: 9 };

// a vera's rolls take different code paths, so a gas estimate made against one block can fall a little short
// in the next: random-outcome calls carry a fixed gas limit instead
const GAS = { gas: 1_000_000n };

let game: Game;
const admin = () => game.as(0);
const address = (index: number) => game.wallet(index).account.address;
let alice: bigint; // wallet 1
let bob: bigint; // wallet 2
let newcomer: bigint; // wallet 3, still onboarding

type Grant = {
  species?: number;
  mainRune?: number;
  subRune?: number;
  personality?: number;
  level?: number;
  perfect?: boolean;
};

async function grantVera(characterId: bigint, g: Grant = {}): Promise<bigint> {
  const { logs } = await game.events(
    admin().veras.write.admin_grantVera(
      [
        characterId,
        g.species ?? 1,
        g.mainRune ?? 1,
        g.subRune ?? 1,
        g.personality ?? 1,
        g.level ?? 1,
        g.perfect ?? false,
      ],
      GAS,
    ),
  );
  return eventOf(logs, 'VeraMinted').veraId as bigint;
}

async function encounter(index: number, areaId: number) {
  const { logs, receipt } = await game.events(game.as(index).veras.write.encounter([areaId], GAS));
  return { minted: eventOf(logs, 'VeraMinted'), logs, receipt };
}

beforeAll(async () => {
  game = await setupGame();
  alice = await onboard(game, 1);
  bob = await onboard(game, 2);
  const { logs } = await game.events(
    game
      .as(3)
      .characters.write.createCharacter([
        address(0),
        'Newcomer',
        DEFAULT_ATTRIBUTES,
        { starterSpecies: 2, starterRune: 2 },
      ]),
  );
  newcomer = eventOf(logs, 'CharacterCreated').characterId as bigint;
});

afterAll(async () => {
  await game.stop();
});

describe('collection', () => {
  it('is the ERC-721 "Skald Vera" / "VERA" and starts empty', async () => {
    expect(await admin().veras.read.name()).toBe('Skald Vera');
    expect(await admin().veras.read.symbol()).toBe('VERA');
    expect(await admin().veras.read.totalMinted()).toBe(0n);
  });

  it('keeps the selectors the mint watcher decodes', () => {
    const selectors = VerasAbi.filter((item) => item.type === 'function').map((f) => toFunctionSelector(f));
    for (const signature of [
      'encounter(uint16)',
      'openLootBox(uint64)',
      'admin_grantVera(uint64,uint16,uint8,uint8,uint8,uint8,bool)',
    ]) {
      expect(selectors).toContain(toFunctionSelector(`function ${signature}`));
    }
  });
});

describe('encounter', () => {
  it('mints a level-1 vera of the area to the main account, with VeraMinted and Transfer', async () => {
    const { minted, logs, receipt } = await encounter(1, 1);
    const veraId = minted.veraId as bigint;
    expect(veraId).toBe(1n);
    expect(minted.owner).toBe(address(1));
    expect(minted.characterId).toBe(alice);
    expect(AREA_SPECIES[1]).toContain(minted.species);
    expect(minted.mainRune).toBeGreaterThanOrEqual(1);
    expect(minted.mainRune).toBeLessThanOrEqual(3);
    expect(minted.subRune).toBeGreaterThanOrEqual(1);
    expect(minted.subRune).toBeLessThanOrEqual(6);
    expect(minted.personality).toBeGreaterThanOrEqual(1);
    expect(minted.personality).toBeLessThanOrEqual(3);
    for (const stat of minted.innate as number[]) {
      expect(stat).toBeGreaterThanOrEqual(22);
      expect(stat).toBeLessThanOrEqual(52);
    }
    expect(minted.level).toBe(1);
    expect(minted.origin).toBe(1);

    const transfer = eventOf(logs, 'Transfer');
    expect(transfer).toEqual({
      from: '0x0000000000000000000000000000000000000000',
      to: address(1),
      tokenId: 1n,
    });
    const transferLog = receipt.logs.find((l) => l.topics.length === 4);
    expect(BigInt(transferLog?.topics[3] ?? '0x0')).toBe(veraId);

    const tx = await game.publicClient.getTransaction({ hash: receipt.transactionHash });
    const call = decodeFunctionData({ abi: VerasAbi, data: tx.input });
    expect(call).toEqual({ functionName: 'encounter', args: [1] });

    const vera = await admin().veras.read.getVera([veraId]);
    expect(vera.species).toBe(minted.species);
    expect(vera.innate).toEqual(minted.innate);
    expect(vera.effective).toEqual(minted.innate);
    expect(vera.experience).toBe(0);
    expect(vera.unallocatedPoints).toBe(0);
    expect(vera.origin).toBe(1);
    expect(await admin().veras.read.ownerOf([veraId])).toBe(address(1));
    expect(await admin().veras.read.totalMinted()).toBe(1n);
  });

  it('only yields the species of the area', async () => {
    for (const areaId of [4, 8]) {
      for (let i = 0; i < 4; i++) {
        const { minted } = await encounter(2, areaId);
        expect(AREA_SPECIES[areaId]).toContain(minted.species);
      }
    }
  });

  it('reverts World_ResourceNotFound for area 0 and areas above 8', async () => {
    await expectRevert(game.as(1).veras.write.encounter([0]), 'World_ResourceNotFound');
    await expectRevert(game.as(1).veras.write.encounter([9]), 'World_ResourceNotFound');
  });

  it('reverts Player_NeedsOnboardingForWorld while the character is onboarding', async () => {
    await expectRevert(game.as(3).veras.write.encounter([1]), 'Player_NeedsOnboardingForWorld');
  });

  it('reverts Player_NoCharacter for an account without a character', async () => {
    await expectSkaldRevert(game.as(9).veras.write.encounter([1]), 'Player_NoCharacter');
  });

  it('mints to the main account when a linked play account encounters', async () => {
    await game.events(game.as(8).characters.write.requestAccountLink([address(2)]));
    await game.events(game.as(2).characters.write.acceptAccountLink([address(8)]));
    const { minted } = await encounter(8, 2);
    expect(minted.owner).toBe(address(2));
    expect(minted.characterId).toBe(bob);
    expect(await admin().veras.read.ownerOf([minted.veraId as bigint])).toBe(address(2));
  });
});

describe('trackVera', () => {
  it('tracks a species in an area and emits VeraTracked', async () => {
    const { logs } = await game.events(game.as(1).veras.write.trackVera([5, 1, 2, 5]));
    expect(eventOf(logs, 'VeraTracked')).toEqual({
      characterId: alice,
      species: 5,
      areaId: 1,
      statIndex: 2,
      minimumStatRarity: 5,
    });
    expect(await admin().veras.read.trackOf([alice])).toEqual({
      species: 5,
      areaId: 1,
      statIndex: 2,
      minimumStatRarity: 5,
    });
  });

  it('favours the tracked species in its area and floors the tracked stat', async () => {
    let tracked = 0;
    for (let i = 0; i < 12; i++) {
      const { minted } = await encounter(1, 1);
      expect([1, 2, 3, 5]).toContain(minted.species);
      if (minted.species === 5) {
        tracked++;
        // rarity 5 floors the stat at 22 + 6 * 5 = 52
        expect((minted.innate as number[])[2]).toBe(52);
      }
    }
    // species 5 never lives in area 1: each encounter yields it with chance 1/2 (all 12 missing: 1 in 4096)
    expect(tracked).toBeGreaterThan(0);
  });

  it('reverts Player_AlreadyTracked for the species already tracked, and replaces the track otherwise', async () => {
    await expectRevert(game.as(1).veras.write.trackVera([5, 3, 0, 0]), 'Player_AlreadyTracked');
    const { logs } = await game.events(game.as(1).veras.write.trackVera([6, 3, 0, 0]));
    expect(eventOf(logs, 'VeraTracked').species).toBe(6);
    expect((await admin().veras.read.trackOf([alice])).areaId).toBe(3);
  });

  it('reverts World_ResourceNotFound for an unknown species, area, stat or rarity', async () => {
    const g = game.as(2);
    await expectRevert(g.veras.write.trackVera([0, 1, 0, 0]), 'World_ResourceNotFound');
    await expectRevert(g.veras.write.trackVera([9, 1, 0, 0]), 'World_ResourceNotFound');
    await expectRevert(g.veras.write.trackVera([1, 0, 0, 0]), 'World_ResourceNotFound');
    await expectRevert(g.veras.write.trackVera([1, 9, 0, 0]), 'World_ResourceNotFound');
    await expectRevert(g.veras.write.trackVera([1, 1, 6, 0]), 'World_ResourceNotFound');
    await expectRevert(g.veras.write.trackVera([1, 1, 0, 6]), 'World_ResourceNotFound');
    expect((await admin().veras.read.trackOf([bob])).species).toBe(0);
  });

  it('reverts Player_StillOnboardingForTracker while the character is onboarding', async () => {
    await expectRevert(game.as(3).veras.write.trackVera([1, 1, 0, 0]), 'Player_StillOnboardingForTracker');
  });
});

describe('admin_grantVera', () => {
  it('mints the requested vera to the character owner, with VeraMinted, Transfer and AdminGranted', async () => {
    const { logs, receipt } = await game.events(
      admin().veras.write.admin_grantVera([bob, 3, 2, 4, 3, 1, true], GAS),
    );
    const minted = eventOf(logs, 'VeraMinted');
    const veraId = minted.veraId as bigint;
    expect(minted).toEqual({
      veraId,
      owner: address(2),
      characterId: bob,
      species: 3,
      mainRune: 2,
      subRune: 4,
      personality: 3,
      innate: [52, 52, 52, 52, 52, 52],
      level: 1,
      origin: 3,
    });
    expect(eventOf(logs, 'Transfer').tokenId).toBe(veraId);
    expect(eventOf(logs, 'AdminGranted')).toEqual({
      admin: address(0),
      kind: 7,
      target: bob,
      subjectId: veraId,
      amount: 1n,
    });
    const tx = await game.publicClient.getTransaction({ hash: receipt.transactionHash });
    expect(decodeFunctionData({ abi: VerasAbi, data: tx.input }).functionName).toBe('admin_grantVera');
    expect(await admin().veras.read.ownerOf([veraId])).toBe(address(2));
  });

  it('grants a higher level as if levelled up: its experience and 3 points per level', async () => {
    const veraId = await grantVera(bob, { level: 10 });
    const vera = await admin().veras.read.getVera([veraId]);
    expect(vera.level).toBe(10);
    expect(vera.experience).toBe(experienceForLevel(10));
    expect(vera.unallocatedPoints).toBe(27);
    for (const stat of vera.innate) expect(stat).toBeGreaterThanOrEqual(22);
  });

  it('caps the points of a level-100 grant at 255', async () => {
    const veraId = await grantVera(bob, { level: 100, species: 0 });
    const vera = await admin().veras.read.getVera([veraId]);
    expect(vera.level).toBe(100);
    expect(vera.species).toBe(0);
    expect(vera.experience).toBe(495_000);
    expect(vera.unallocatedPoints).toBe(255);
  });

  it('reverts AdminGrant_InvalidVera for each field out of range', async () => {
    const valid = [bob, 1, 1, 1, 1, 1, false] as const;
    const bad: [number, number][] = [
      [1, 9], // species
      [2, 0], // main rune
      [2, 4],
      [3, 0], // sub-rune
      [3, 7],
      [4, 0], // personality
      [4, 4],
      [5, 0], // level
      [5, 101],
    ];
    for (const [field, value] of bad) {
      const args = [...valid] as [bigint, number, number, number, number, number, boolean];
      args[field] = value;
      await expectRevert(admin().veras.write.admin_grantVera(args), 'AdminGrant_InvalidVera');
    }
  });

  it('reverts AdminGrant_InvalidCharacter for an unknown character', async () => {
    const [id] = await expectSkaldRevert(
      admin().veras.write.admin_grantVera([999n, 1, 1, 1, 1, 1, false]),
      'AdminGrant_InvalidCharacter',
    );
    expect(id).toBe(999n);
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    const before = await admin().veras.read.totalMinted();
    await expectRevert(
      game.as(1).veras.write.admin_grantVera([alice, 1, 1, 1, 1, 1, true]),
      'World_AccessDenied',
    );
    expect(await admin().veras.read.totalMinted()).toBe(before);
  });
});

describe('admin_grantExperience', () => {
  let veraId: bigint;
  beforeAll(async () => {
    veraId = await grantVera(alice);
  });

  it('adds experience, levels up and grants 3 points per level, with VeraExperienceGained and AdminGranted', async () => {
    const { logs } = await game.events(admin().veras.write.admin_grantExperience([veraId, 350]));
    expect(eventOf(logs, 'VeraExperienceGained')).toEqual({
      veraId,
      amount: 350,
      experienceAfter: 350,
      levelBefore: 1,
      levelAfter: levelFor(350),
      unallocatedAfter: 3 * (levelFor(350) - 1),
    });
    expect(levelFor(350)).toBe(3);
    expect(eventOf(logs, 'AdminGranted')).toEqual({
      admin: address(0),
      kind: 2,
      target: veraId,
      subjectId: veraId,
      amount: 350n,
    });
  });

  it('follows game/ level thresholds exactly at their edges', async () => {
    // 600 is exactly level 4's threshold: 350 + 249 stays at 3, one more reaches 4
    const { logs } = await game.events(admin().veras.write.admin_grantExperience([veraId, 249]));
    expect(eventOf(logs, 'VeraExperienceGained').levelAfter).toBe(3);
    const next = await game.events(admin().veras.write.admin_grantExperience([veraId, 1]));
    expect(eventOf(next.logs, 'VeraExperienceGained')).toMatchObject({ experienceAfter: 600, levelAfter: 4 });
  });

  it('caps experience at 16,777,215 and the level at 100', async () => {
    const { logs } = await game.events(admin().veras.write.admin_grantExperience([veraId, MAX_EXPERIENCE]));
    const gained = eventOf(logs, 'VeraExperienceGained');
    expect(gained).toMatchObject({
      amount: MAX_EXPERIENCE - 600,
      experienceAfter: MAX_EXPERIENCE,
      levelBefore: 4,
      levelAfter: 100,
      unallocatedAfter: 255,
    });
    const vera = await admin().veras.read.getVera([veraId]);
    expect(vera.experience).toBe(MAX_EXPERIENCE);
    expect(vera.level).toBe(levelFor(MAX_EXPERIENCE));
  });

  it('reverts Player_ZeroAmount for 0 and World_ResourceNotFound for an unknown vera', async () => {
    await expectRevert(admin().veras.write.admin_grantExperience([veraId, 0]), 'Player_ZeroAmount');
    await expectRevert(admin().veras.write.admin_grantExperience([999n, 10]), 'World_ResourceNotFound');
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(game.as(1).veras.write.admin_grantExperience([veraId, 10]), 'World_AccessDenied');
  });
});

describe('allocateVeraStats', () => {
  let veraId: bigint;
  beforeAll(async () => {
    veraId = await grantVera(alice, { level: 5 });
  });

  it('moves unallocated points into effective stats and emits VeraStatsAllocated', async () => {
    const before = await admin().veras.read.getVera([veraId]);
    expect(before.unallocatedPoints).toBe(12);
    const points = [1, 2, 0, 0, 0, 3] as const;
    const { logs } = await game.events(game.as(1).veras.write.allocateVeraStats([veraId, points]));
    const expected = before.effective.map((stat, i) => stat + (points[i] as number));
    expect(eventOf(logs, 'VeraStatsAllocated')).toEqual({
      veraId,
      points: [...points],
      effectiveAfter: expected,
      unallocatedAfter: 6,
    });
    const after = await admin().veras.read.getVera([veraId]);
    expect(after.effective).toEqual(expected);
    expect(after.innate).toEqual(before.innate);
  });

  it('reverts Player_ZeroAmount for no points and World_InsufficientBalance past the unallocated points', async () => {
    await expectRevert(
      game.as(1).veras.write.allocateVeraStats([veraId, [0, 0, 0, 0, 0, 0]]),
      'Player_ZeroAmount',
    );
    await expectRevert(
      game.as(1).veras.write.allocateVeraStats([veraId, [7, 0, 0, 0, 0, 0]]),
      'World_InsufficientBalance',
    );
    expect((await admin().veras.read.getVera([veraId])).unallocatedPoints).toBe(6);
  });

  it('reverts World_AccessDenied for a non-owner and World_ResourceNotFound for an unknown vera', async () => {
    await expectRevert(
      game.as(2).veras.write.allocateVeraStats([veraId, [1, 0, 0, 0, 0, 0]]),
      'World_AccessDenied',
    );
    await expectRevert(
      game.as(1).veras.write.allocateVeraStats([999n, [1, 0, 0, 0, 0, 0]]),
      'World_ResourceNotFound',
    );
  });
});

describe('learnVeraAbility', () => {
  let veraId: bigint; // Bjorn (1), Sun rune (1)
  beforeAll(async () => {
    veraId = await grantVera(alice, { species: 1, mainRune: 1 });
  });

  it('learns a species ability and the main rune ability, with VeraAbilityLearned', async () => {
    const { logs } = await game.events(game.as(1).veras.write.learnVeraAbility([veraId, 1]));
    expect(eventOf(logs, 'VeraAbilityLearned')).toEqual({ veraId, abilityId: 1 });
    await game.events(game.as(1).veras.write.learnVeraAbility([veraId, RUNE_ABILITY[1] as number]));
    expect(await admin().veras.read.abilitiesOf([veraId])).toEqual([1, 10]);
  });

  it('reverts Vera_AbilityNotAllowed for another species or rune ability', async () => {
    for (const abilityId of [0, 5, 9, 11, 12, 36]) {
      await expectRevert(
        game.as(1).veras.write.learnVeraAbility([veraId, abilityId]),
        'Vera_AbilityNotAllowed',
      );
    }
  });

  it('reverts World_ResourceAlreadyExists for an ability already learned', async () => {
    await expectRevert(game.as(1).veras.write.learnVeraAbility([veraId, 1]), 'World_ResourceAlreadyExists');
  });

  it('reverts Vera_AbilityNotAllowed past four abilities', async () => {
    await game.events(game.as(1).veras.write.learnVeraAbility([veraId, 2]));
    await game.events(game.as(1).veras.write.learnVeraAbility([veraId, 3]));
    await expectRevert(game.as(1).veras.write.learnVeraAbility([veraId, 4]), 'Vera_AbilityNotAllowed');
    expect(await admin().veras.read.abilitiesOf([veraId])).toEqual([1, 10, 2, 3]);
  });

  it('allows each species its four abilities and its rune ability, and the NPC species only its rune', async () => {
    for (const species of [2, 8]) {
      for (const rune of [2, 3]) {
        const id = await grantVera(alice, { species, mainRune: rune });
        const allowed = [SPECIES_ABILITIES[species]?.[3] as number, RUNE_ABILITY[rune] as number];
        for (const abilityId of allowed)
          await game.events(game.as(1).veras.write.learnVeraAbility([id, abilityId]));
        expect(await admin().veras.read.abilitiesOf([id])).toEqual(allowed);
      }
    }
    const npc = await grantVera(alice, { species: 0, mainRune: 3 });
    await expectRevert(game.as(1).veras.write.learnVeraAbility([npc, 1]), 'Vera_AbilityNotAllowed');
    await game.events(game.as(1).veras.write.learnVeraAbility([npc, 9]));
    expect(await admin().veras.read.abilitiesOf([npc])).toEqual([9]);
  });

  it('reverts World_AccessDenied for a non-owner and World_ResourceNotFound for an unknown vera', async () => {
    await expectRevert(game.as(2).veras.write.learnVeraAbility([veraId, 4]), 'World_AccessDenied');
    await expectRevert(game.as(1).veras.write.learnVeraAbility([999n, 1]), 'World_ResourceNotFound');
  });
});

describe('openLootBox', () => {
  async function claimedLootBox(species: number, rune: number, boxType: number, speedUp: boolean) {
    const { logs } = await game.events(
      admin().inventory.write.admin_grantLootBox([alice, boxType, species, rune, false]),
    );
    const lootBoxId = eventOf(logs, 'LootBoxCreated').lootBoxId as bigint;
    if (speedUp) await game.events(admin().inventory.write.admin_grantOnyx([alice, 100n]));
    await game.events(game.as(1).inventory.write.claimLootBox([lootBoxId, speedUp]));
    return lootBoxId;
  }

  it('mints the lootbox species and rune, consuming the box, with VeraMinted origin 2', async () => {
    const lootBoxId = await claimedLootBox(4, 2, 3, true);
    const { logs, receipt } = await game.events(game.as(1).veras.write.openLootBox([lootBoxId], GAS));
    const minted = eventOf(logs, 'VeraMinted');
    expect(minted).toMatchObject({
      owner: address(1),
      characterId: alice,
      species: 4,
      mainRune: 2,
      origin: 2,
    });
    // box type 3 rolls innate stats in 32..52
    for (const stat of minted.innate as number[]) expect(stat).toBeGreaterThanOrEqual(32);
    expect(eventOf(logs, 'LootBoxConsumed')).toEqual({ lootBoxId, characterId: alice });
    expect(eventOf(logs, 'Transfer').tokenId).toBe(minted.veraId);
    const tx = await game.publicClient.getTransaction({ hash: receipt.transactionHash });
    expect(decodeFunctionData({ abi: VerasAbi, data: tx.input })).toEqual({
      functionName: 'openLootBox',
      args: [lootBoxId],
    });
  });

  it('rolls species and rune when the box holds 0, once the chest timer has ended', async () => {
    const lootBoxId = await claimedLootBox(0, 0, 1, false);
    await expectSkaldRevert(game.as(1).veras.write.openLootBox([lootBoxId]), 'LootBox_NotReady');
    await game.advanceTime(Number(await admin().inventory.read.chestDuration([1])));
    const { logs } = await game.events(game.as(1).veras.write.openLootBox([lootBoxId], GAS));
    const minted = eventOf(logs, 'VeraMinted');
    expect(minted.species).toBeGreaterThanOrEqual(1);
    expect(minted.species).toBeLessThanOrEqual(8);
    expect(minted.mainRune).toBeGreaterThanOrEqual(1);
    expect(minted.mainRune).toBeLessThanOrEqual(3);
  });

  it('reverts for an unknown lootbox and for another character’s lootbox', async () => {
    await expectSkaldRevert(game.as(1).veras.write.openLootBox([999n]), 'World_ResourceNotFound');
    const lootBoxId = await claimedLootBox(1, 1, 1, true);
    await expectSkaldRevert(game.as(2).veras.write.openLootBox([lootBoxId]), 'World_AccessDenied');
  });
});

describe('recordBattle', () => {
  let veraId: bigint;
  beforeAll(async () => {
    veraId = await grantVera(bob);
  });

  it('reverts World_AccessDenied for callers without ROLE_GAME', async () => {
    await expectRevert(admin().veras.write.recordBattle([veraId, 1n, 1, 10]), 'World_AccessDenied');
    await expectRevert(game.as(2).veras.write.recordBattle([veraId, 1n, 1, 10]), 'World_AccessDenied');
  });

  it('counts wins, losses and ties with VeraBattleRecorded, and adds the experience', async () => {
    await game.events(admin().roles.write.grantRole([address(0), ROLE_GAME]));
    const win = await game.events(admin().veras.write.recordBattle([veraId, 7n, 1, 120]));
    expect(eventOf(win.logs, 'VeraBattleRecorded')).toEqual({
      veraId,
      battleId: 7n,
      result: 1,
      wins: 1,
      losses: 0,
      ties: 0,
    });
    expect(eventOf(win.logs, 'VeraExperienceGained')).toEqual({
      veraId,
      amount: 120,
      experienceAfter: 120,
      levelBefore: 1,
      levelAfter: 2,
      unallocatedAfter: 3,
    });
    await game.events(admin().veras.write.recordBattle([veraId, 8n, 2, 0]));
    const tie = await game.events(admin().veras.write.recordBattle([veraId, 9n, 3, 0]));
    expect(eventOf(tie.logs, 'VeraBattleRecorded')).toMatchObject({ wins: 1, losses: 1, ties: 1 });
    expect(tie.logs.some((l) => l.eventName === 'VeraExperienceGained')).toBe(false);
    const vera = await admin().veras.read.getVera([veraId]);
    expect([vera.wins, vera.losses, vera.ties, vera.experience]).toEqual([1, 1, 1, 120]);
  });

  it('reverts World_ResourceNotFound for an unknown vera or result', async () => {
    await expectRevert(admin().veras.write.recordBattle([999n, 1n, 1, 10]), 'World_ResourceNotFound');
    await expectRevert(admin().veras.write.recordBattle([veraId, 1n, 0, 10]), 'World_ResourceNotFound');
    await expectRevert(admin().veras.write.recordBattle([veraId, 1n, 4, 10]), 'World_ResourceNotFound');
  });
});

describe('views', () => {
  it('getVera reverts World_ResourceNotFound for an unknown vera', async () => {
    await expectRevert(admin().veras.read.getVera([999n]), 'World_ResourceNotFound');
  });

  it('experienceForLevel matches game/ rule and areaSpecies the area table', async () => {
    for (const level of [1, 2, 3, 50, 100]) {
      expect(await admin().veras.read.experienceForLevel([level])).toBe(experienceForLevel(level));
    }
    for (const areaId of [1, 7, 8]) {
      expect(await admin().veras.read.areaSpecies([areaId])).toEqual(AREA_SPECIES[areaId]);
    }
  });

  it('keeps newcomer untouched: no track, no vera', async () => {
    expect((await admin().veras.read.trackOf([newcomer])).species).toBe(0);
    expect(await admin().veras.read.balanceOf([address(3) as Address])).toBe(0n);
  });
});

describe('claimStarter', () => {
  it('mints the starter chosen at creation once, with the first purse of runix', async () => {
    const g = game.as(5);
    const zero = '0x0000000000000000000000000000000000000000';
    const { logs: created } = await game.events(
      g.characters.write.createCharacter([
        zero,
        'Sigrun5',
        DEFAULT_ATTRIBUTES,
        { starterSpecies: 6, starterRune: 3 },
      ]),
    );
    const sigrun = eventOf(created, 'CharacterCreated').characterId as bigint;
    await expectRevert(g.veras.write.claimStarter(), 'Player_NeedsOnboardingForWorld');
    await game.events(g.characters.write.login());
    expect(await admin().veras.read.starterClaimed([sigrun])).toBe(false);
    const { logs } = await game.events(g.veras.write.claimStarter(GAS));
    const minted = eventOf(logs, 'VeraMinted');
    expect(minted).toMatchObject({
      characterId: sigrun,
      owner: address(5),
      species: 6,
      mainRune: 3,
      level: 1,
      origin: 4,
    });
    const starterRunix = await admin().veras.read.STARTER_RUNIX();
    expect(starterRunix).toBe(BigInt(STARTER_RUNIX)); // game/'s price list quotes it
    expect(eventOf(logs, 'RunixChanged')).toMatchObject({
      characterId: sigrun,
      delta: starterRunix,
      balanceAfter: starterRunix,
    });
    expect(await admin().inventory.read.runixOf([sigrun])).toBe(starterRunix);
    expect(await admin().veras.read.starterClaimed([sigrun])).toBe(true);
    const errorArgs = await expectSkaldRevert(g.veras.write.claimStarter(), 'Vera_StarterClaimed');
    expect(errorArgs).toEqual([sigrun]);
    expect(await admin().inventory.read.runixOf([sigrun])).toBe(starterRunix);
  });
});

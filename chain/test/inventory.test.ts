import { getAddress, maxUint64, stringToHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InventoryAbi } from '../generated/abis.ts';
import { ROLE_GAME } from '../src/deploy.ts';
import {
  DEFAULT_ATTRIBUTES,
  type DecodedLog,
  eventOf,
  expectRevert,
  expectSkaldRevert,
  type Game,
  onboard,
  setupGame,
} from './fixtures.ts';

let game: Game;
const address = (index: number) => game.wallet(index).account.address;
const inv = (index: number) => game.as(index).inventory;
const reason = (text: string) => stringToHex(text, { size: 32 });
const all = (logs: DecodedLog[], eventName: string) =>
  logs.filter((l) => l.eventName === eventName).map((l) => l.args);

async function blockTime(blockNumber: bigint): Promise<bigint> {
  return (await game.publicClient.getBlock({ blockNumber })).timestamp;
}

async function grantLootBox(characterId: bigint, boxType = 1, isSoulbound = false): Promise<bigint> {
  const { logs } = await game.events(
    inv(0).write.admin_grantLootBox([characterId, boxType, 0, 0, isSoulbound]),
  );
  return eventOf(logs, 'LootBoxCreated').lootBoxId as bigint;
}

async function grantAmulet(characterId: bigint, isSoulbound = false): Promise<bigint> {
  const { logs } = await game.events(inv(0).write.admin_grantAmulet([characterId, 3, 2, isSoulbound]));
  return eventOf(logs, 'AmuletCreated').amuletId as bigint;
}

async function grantVera(characterId: bigint): Promise<bigint> {
  const { logs } = await game.events(
    game.as(0).veras.write.admin_grantVera([characterId, 1, 1, 1, 1, 1, false]),
  );
  return eventOf(logs, 'VeraMinted').veraId as bigint;
}

// wallet 1 and 2 are onboarded players, 3 has a character still onboarding, 4 has none, 5 is filled with
// lootboxes, 9 holds ROLE_GAME to call the game-contract functions directly
let p1: bigint;
let p2: bigint;
let p3: bigint;
let p5: bigint;
const GAME = 9;

beforeAll(async () => {
  game = await setupGame();
  p1 = await onboard(game, 1);
  p2 = await onboard(game, 2);
  p5 = await onboard(game, 5);
  const { logs } = await game.events(
    game
      .as(3)
      .characters.write.createCharacter([
        address(0),
        'Newcomer',
        DEFAULT_ATTRIBUTES,
        { starterSpecies: 1, starterRune: 1 },
      ]),
  );
  p3 = eventOf(logs, 'CharacterCreated').characterId as bigint;
  await game.events(game.as(0).roles.write.grantRole([address(GAME), ROLE_GAME]));
});

afterAll(async () => {
  await game.stop();
});

describe('setup and constants', () => {
  it('wires Veras once at deploy and emits VerasSet', async () => {
    const veras = getAddress(game.deployment.contracts.Veras);
    expect(await inv(0).read.veras()).toBe(veras);
    const [set] = await game.publicClient.getContractEvents({
      address: game.deployment.contracts.Inventory,
      abi: InventoryAbi,
      eventName: 'VerasSet',
      fromBlock: BigInt(game.deployment.startBlock),
    });
    expect(set?.args).toEqual({ veras, admin: address(0) });
  });

  it('reverts World_ResourceAlreadyExists on a second setVeras, World_AccessDenied for a non-admin', async () => {
    await expectRevert(inv(0).write.setVeras([address(7)]), 'World_ResourceAlreadyExists');
    await expectRevert(inv(1).write.setVeras([address(7)]), 'World_AccessDenied');
  });

  it('starts with the documented timers, prices and slots', async () => {
    const i = inv(0).read;
    expect([await i.chestDuration([1]), await i.chestDuration([2]), await i.chestDuration([3])]).toEqual([
      30n,
      60n,
      120n,
    ]);
    expect([await i.speedUpCost([1]), await i.speedUpCost([2]), await i.speedUpCost([3])]).toEqual([
      5n,
      10n,
      20n,
    ]);
    expect([await i.lootBoxSlotPrice([3]), await i.lootBoxSlotPrice([4])]).toEqual([50n, 100n]);
    expect(await Promise.all([3, 4, 5, 6].map((n) => i.beltSlotPrice([n])))).toEqual([
      100n,
      200n,
      400n,
      800n,
    ]);
    expect([await i.lootBoxSlotsOf([p1]), await i.beltSlotsOf([p1])]).toEqual([2, 2]);
    await expectRevert(i.speedUpCost([4]), 'World_ResourceNotFound');
  });

  it('admin_setChestDuration sets a timer and emits ChestDurationSet', async () => {
    const { logs } = await game.events(inv(0).write.admin_setChestDuration([3, 90n]));
    expect(eventOf(logs, 'ChestDurationSet')).toEqual({
      boxType: 3,
      durationSeconds: 90n,
      admin: address(0),
    });
    expect(await inv(0).read.chestDuration([3])).toBe(90n);
    await game.events(inv(0).write.admin_setChestDuration([3, 120n]));
  });

  it('admin_setChestDuration reverts World_ResourceNotFound for boxType outside 1..3, World_AccessDenied for a non-admin', async () => {
    await expectRevert(inv(0).write.admin_setChestDuration([0, 10n]), 'World_ResourceNotFound');
    await expectRevert(inv(0).write.admin_setChestDuration([4, 10n]), 'World_ResourceNotFound');
    await expectRevert(inv(1).write.admin_setChestDuration([1, 1n]), 'World_AccessDenied');
    expect(await inv(0).read.chestDuration([1])).toBe(30n);
  });
});

describe('admin currency and item grants', () => {
  it('admin_grantRunix credits runix with RunixChanged and AdminGranted', async () => {
    const { logs } = await game.events(inv(0).write.admin_grantRunix([p1, 1000n]));
    expect(eventOf(logs, 'RunixChanged')).toEqual({
      characterId: p1,
      delta: 1000n,
      balanceBefore: 0n,
      balanceAfter: 1000n,
      reason: reason('admin_grant'),
    });
    expect(eventOf(logs, 'AdminGranted')).toEqual({
      admin: address(0),
      kind: 6,
      target: p1,
      subjectId: 0n,
      amount: 1000n,
    });
    const again = await game.events(inv(0).write.admin_grantRunix([p1, 2000n]));
    expect(eventOf(again.logs, 'RunixChanged')).toMatchObject({ balanceBefore: 1000n, balanceAfter: 3000n });
    expect(await inv(0).read.runixOf([p1])).toBe(3000n);
  });

  it('admin_grantOnyx credits onyx with OnyxChanged and AdminGranted', async () => {
    const { logs } = await game.events(inv(0).write.admin_grantOnyx([p1, 500n]));
    expect(eventOf(logs, 'OnyxChanged')).toEqual({
      characterId: p1,
      delta: 500n,
      balanceBefore: 0n,
      balanceAfter: 500n,
      reason: reason('admin_grant'),
    });
    expect(eventOf(logs, 'AdminGranted')).toEqual({
      admin: address(0),
      kind: 5,
      target: p1,
      subjectId: 0n,
      amount: 500n,
    });
    expect(await inv(0).read.onyxOf([p1])).toBe(500n);
  });

  it('admin_grantItem credits items with ItemChanged and AdminGranted', async () => {
    const { logs } = await game.events(inv(0).write.admin_grantItem([p1, 1, 2n]));
    expect(eventOf(logs, 'ItemChanged')).toEqual({
      characterId: p1,
      itemId: 1,
      delta: 2n,
      quantityAfter: 2n,
      reason: reason('admin_grant'),
    });
    expect(eventOf(logs, 'AdminGranted')).toEqual({
      admin: address(0),
      kind: 3,
      target: p1,
      subjectId: 1n,
      amount: 2n,
    });
    await game.events(inv(0).write.admin_grantItem([p1, 2, 1n]));
    expect([await inv(0).read.itemOf([p1, 1]), await inv(0).read.itemOf([p1, 2])]).toEqual([2n, 1n]);
  });

  it('reverts AdminGrant_InvalidCharacter for an unknown character', async () => {
    await expectRevert(inv(0).write.admin_grantRunix([99n, 1n]), 'AdminGrant_InvalidCharacter');
    await expectRevert(inv(0).write.admin_grantRunix([0n, 1n]), 'AdminGrant_InvalidCharacter');
    await expectRevert(inv(0).write.admin_grantOnyx([99n, 1n]), 'AdminGrant_InvalidCharacter');
    await expectRevert(inv(0).write.admin_grantItem([99n, 1, 1n]), 'AdminGrant_InvalidCharacter');
  });

  it('reverts Player_ZeroAmount for a zero amount', async () => {
    await expectRevert(inv(0).write.admin_grantRunix([p1, 0n]), 'Player_ZeroAmount');
    await expectRevert(inv(0).write.admin_grantOnyx([p1, 0n]), 'Player_ZeroAmount');
    await expectRevert(inv(0).write.admin_grantItem([p1, 1, 0n]), 'Player_ZeroAmount');
  });

  it('reverts World_ResourceNotFound for item 0', async () => {
    await expectRevert(inv(0).write.admin_grantItem([p1, 0, 1n]), 'World_ResourceNotFound');
  });

  it('reverts AdminGrant_InsufficientSpace when a balance would pass uint64', async () => {
    await game.events(inv(0).write.admin_grantOnyx([p5, maxUint64]));
    await expectRevert(inv(0).write.admin_grantOnyx([p5, 1n]), 'AdminGrant_InsufficientSpace');
    expect(await inv(0).read.onyxOf([p5])).toBe(maxUint64);
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(inv(1).write.admin_grantRunix([p1, 1n]), 'World_AccessDenied');
    await expectRevert(inv(1).write.admin_grantOnyx([p1, 1n]), 'World_AccessDenied');
    await expectRevert(inv(1).write.admin_grantItem([p1, 1, 1n]), 'World_AccessDenied');
    await expectRevert(inv(GAME).write.admin_grantRunix([p1, 1n]), 'World_AccessDenied');
    expect(await inv(0).read.runixOf([p1])).toBe(3000n);
  });
});

describe('admin_grantAmulet', () => {
  it('creates an amulet with AmuletCreated and AdminGranted', async () => {
    const { logs } = await game.events(inv(0).write.admin_grantAmulet([p1, 5, 3, true]));
    const created = eventOf(logs, 'AmuletCreated');
    expect(created).toEqual({ amuletId: 1n, characterId: p1, rarity: 5, runeType: 3, isSoulbound: true });
    expect(eventOf(logs, 'AdminGranted')).toEqual({
      admin: address(0),
      kind: 1,
      target: p1,
      subjectId: 1n,
      amount: 1n,
    });
    expect(await inv(0).read.getAmulet([1n])).toEqual({
      characterId: p1,
      rarity: 5,
      runeType: 3,
      isSoulbound: true,
      veraId: 0n,
    });
    expect(await inv(0).read.amuletsOf([p1])).toEqual([1n]);
    expect(await inv(0).read.amuletCount()).toBe(1n);
  });

  it('reverts AdminGrant_InvalidAmuletRarity outside 1..5', async () => {
    await expectRevert(inv(0).write.admin_grantAmulet([p1, 0, 1, false]), 'AdminGrant_InvalidAmuletRarity');
    await expectRevert(inv(0).write.admin_grantAmulet([p1, 6, 1, false]), 'AdminGrant_InvalidAmuletRarity');
  });

  it('reverts AdminGrant_InvalidAmuletRuneType outside 1..3', async () => {
    await expectRevert(inv(0).write.admin_grantAmulet([p1, 1, 0, false]), 'AdminGrant_InvalidAmuletRuneType');
    await expectRevert(inv(0).write.admin_grantAmulet([p1, 1, 4, false]), 'AdminGrant_InvalidAmuletRuneType');
  });

  it('reverts AdminGrant_InvalidCharacter and World_AccessDenied', async () => {
    await expectRevert(inv(0).write.admin_grantAmulet([99n, 1, 1, false]), 'AdminGrant_InvalidCharacter');
    await expectRevert(inv(1).write.admin_grantAmulet([p1, 1, 1, false]), 'World_AccessDenied');
    expect(await inv(0).read.amuletCount()).toBe(1n);
  });
});

describe('admin_grantLootBox', () => {
  it('creates a lootbox in the stash with LootBoxCreated and AdminGranted', async () => {
    const { logs } = await game.events(inv(0).write.admin_grantLootBox([p1, 2, 4, 3, true]));
    expect(eventOf(logs, 'LootBoxCreated')).toEqual({
      lootBoxId: 1n,
      characterId: p1,
      boxType: 2,
      species: 4,
      rune: 3,
      isSoulbound: true,
    });
    expect(eventOf(logs, 'AdminGranted')).toEqual({
      admin: address(0),
      kind: 4,
      target: p1,
      subjectId: 1n,
      amount: 1n,
    });
    expect(await inv(0).read.getLootBox([1n])).toEqual({
      characterId: p1,
      boxType: 2,
      species: 4,
      rune: 3,
      isSoulbound: true,
      claimed: false,
      slot: 0,
      endTimestamp: 0n,
    });
    expect(await inv(0).read.lootBoxesOf([p1])).toEqual([1n]);
  });

  it('reverts World_ResourceNotFound for boxType outside 1..3, species above 8 or rune above 3', async () => {
    await expectRevert(inv(0).write.admin_grantLootBox([p1, 0, 0, 0, false]), 'World_ResourceNotFound');
    await expectRevert(inv(0).write.admin_grantLootBox([p1, 4, 0, 0, false]), 'World_ResourceNotFound');
    await expectRevert(inv(0).write.admin_grantLootBox([p1, 1, 9, 0, false]), 'World_ResourceNotFound');
    await expectRevert(inv(0).write.admin_grantLootBox([p1, 1, 0, 4, false]), 'World_ResourceNotFound');
  });

  it('reverts AdminGrant_InsufficientSpace once a character holds 20 unopened lootboxes', async () => {
    for (let i = 0; i < 20; i++) await grantLootBox(p5);
    expect((await inv(0).read.lootBoxesOf([p5])).length).toBe(20);
    await expectRevert(inv(0).write.admin_grantLootBox([p5, 1, 0, 0, false]), 'AdminGrant_InsufficientSpace');
  });

  it('reverts AdminGrant_InvalidCharacter and World_AccessDenied', async () => {
    await expectRevert(inv(0).write.admin_grantLootBox([99n, 1, 0, 0, false]), 'AdminGrant_InvalidCharacter');
    await expectRevert(inv(1).write.admin_grantLootBox([p1, 1, 0, 0, false]), 'World_AccessDenied');
  });
});

describe('onboarding', () => {
  it('rejects every player action with Player_StillOnboardingForStash until the first login', async () => {
    const box = await grantLootBox(p3);
    const amulet = await grantAmulet(p3);
    const i = inv(3).write;
    await expectRevert(i.claimLootBox([box, false]), 'Player_StillOnboardingForStash');
    await expectRevert(i.purchaseLootBoxSlot(), 'Player_StillOnboardingForStash');
    await expectRevert(i.purchaseBeltSlot(), 'Player_StillOnboardingForStash');
    await expectRevert(i.addToBelt([1]), 'Player_StillOnboardingForStash');
    await expectRevert(i.removeFromBelt([1]), 'Player_StillOnboardingForStash');
    await expectRevert(i.transferAmulet([amulet, p1]), 'Player_StillOnboardingForStash');
    await expectRevert(i.transferLootBox([box, p1]), 'Player_StillOnboardingForStash');
    await expectRevert(i.equipAmulet([amulet, 0n]), 'Player_StillOnboardingForStash');
  });

  it('rejects an account without a character with Player_NoCharacter', async () => {
    const [account] = await expectSkaldRevert(inv(4).write.purchaseBeltSlot(), 'Player_NoCharacter');
    expect(account).toBe(address(4));
  });
});

describe('chest: claimLootBox, purchaseLootBoxSlot and opening', () => {
  let timed: bigint;
  let fast: bigint;
  let third: bigint;

  it('claims into the first free slot with the box type timer and emits LootBoxClaimed', async () => {
    timed = await grantLootBox(p1, 1);
    const { receipt, logs } = await game.events(inv(1).write.claimLootBox([timed, false]));
    const end = (await blockTime(receipt.blockNumber)) + 30n;
    expect(eventOf(logs, 'LootBoxClaimed')).toEqual({
      lootBoxId: timed,
      characterId: p1,
      slot: 0,
      endTimestamp: end,
      spedUp: false,
      onyxPaid: 0n,
    });
    expect(await inv(0).read.getLootBox([timed])).toMatchObject({
      claimed: true,
      slot: 0,
      endTimestamp: end,
    });
    expect(await inv(0).read.chestOf([p1])).toEqual([timed, 0n, 0n, 0n]);
    expect(all(logs, 'OnyxChanged')).toEqual([]);
  });

  it('reverts World_ResourceAlreadyExists for a claimed lootbox', async () => {
    await expectRevert(inv(1).write.claimLootBox([timed, false]), 'World_ResourceAlreadyExists');
  });

  it('will not open before the timer ends (LootBox_NotReady)', async () => {
    const [lootBoxId, end] = await expectSkaldRevert(
      game.as(1).veras.write.openLootBox([timed]),
      'LootBox_NotReady',
    );
    expect(lootBoxId).toBe(timed);
    expect(end).toBe((await inv(0).read.getLootBox([timed])).endTimestamp);
  });

  it('speeds up for onyx: OnyxChanged and a claim that ends at once', async () => {
    fast = await grantLootBox(p1, 2);
    const { receipt, logs } = await game.events(inv(1).write.claimLootBox([fast, true]));
    const now = await blockTime(receipt.blockNumber);
    expect(eventOf(logs, 'OnyxChanged')).toEqual({
      characterId: p1,
      delta: -10n,
      balanceBefore: 500n,
      balanceAfter: 490n,
      reason: reason('lootbox_speed_up'),
    });
    expect(eventOf(logs, 'LootBoxClaimed')).toEqual({
      lootBoxId: fast,
      characterId: p1,
      slot: 1,
      endTimestamp: now,
      spedUp: true,
      onyxPaid: 10n,
    });
  });

  it('reverts AdminGrant_InsufficientSpace when every chest slot is taken', async () => {
    third = await grantLootBox(p1, 3);
    await expectRevert(inv(1).write.claimLootBox([third, false]), 'AdminGrant_InsufficientSpace');
  });

  it('reverts World_InsufficientBalance when speeding up without the onyx', async () => {
    const box = await grantLootBox(p2, 3);
    await expectRevert(inv(2).write.claimLootBox([box, true]), 'World_InsufficientBalance');
    expect((await inv(0).read.getLootBox([box])).claimed).toBe(false);
  });

  it("reverts World_ResourceNotFound for an unknown lootbox, World_AccessDenied for someone else's", async () => {
    await expectRevert(inv(1).write.claimLootBox([999n, false]), 'World_ResourceNotFound');
    await expectRevert(inv(2).write.claimLootBox([third, false]), 'World_AccessDenied');
  });

  it('opens a sped-up lootbox at once through Veras: LootBoxConsumed frees the slot', async () => {
    const { logs } = await game.events(game.as(1).veras.write.openLootBox([fast]));
    expect(eventOf(logs, 'LootBoxConsumed')).toEqual({ lootBoxId: fast, characterId: p1 });
    expect(eventOf(logs, 'VeraMinted').characterId).toBe(p1);
    expect(await inv(0).read.chestOf([p1])).toEqual([timed, 0n, 0n, 0n]);
    expect((await inv(0).read.getLootBox([fast])).characterId).toBe(0n);
    expect(await inv(0).read.lootBoxesOf([p1])).not.toContain(fast);
  });

  it('opens a timed lootbox once its timer has passed', async () => {
    await game.advanceTime(31);
    const { logs } = await game.events(game.as(1).veras.write.openLootBox([timed]));
    expect(eventOf(logs, 'LootBoxConsumed')).toEqual({ lootBoxId: timed, characterId: p1 });
    expect(await inv(0).read.chestOf([p1])).toEqual([0n, 0n, 0n, 0n]);
  });

  it('will not open an unclaimed lootbox (LootBox_NotReady with end 0)', async () => {
    const [, end] = await expectSkaldRevert(game.as(1).veras.write.openLootBox([third]), 'LootBox_NotReady');
    expect(end).toBe(0n);
  });

  it('buys chest slots for 50 then 100 onyx with OnyxChanged and LootBoxSlotPurchased', async () => {
    const { logs } = await game.events(inv(1).write.purchaseLootBoxSlot());
    expect(eventOf(logs, 'LootBoxSlotPurchased')).toEqual({ characterId: p1, slotCount: 3, onyxPaid: 50n });
    expect(eventOf(logs, 'OnyxChanged')).toEqual({
      characterId: p1,
      delta: -50n,
      balanceBefore: 490n,
      balanceAfter: 440n,
      reason: reason('lootbox_slot'),
    });
    const fourth = await game.events(inv(1).write.purchaseLootBoxSlot());
    expect(eventOf(fourth.logs, 'LootBoxSlotPurchased')).toEqual({
      characterId: p1,
      slotCount: 4,
      onyxPaid: 100n,
    });
    expect(await inv(0).read.lootBoxSlotsOf([p1])).toBe(4);
    expect(await inv(0).read.onyxOf([p1])).toBe(340n);
  });

  it('uses the bought slots', async () => {
    for (const box of [third, await grantLootBox(p1), await grantLootBox(p1)]) {
      await game.events(inv(1).write.claimLootBox([box, false]));
    }
    const box = await grantLootBox(p1);
    const { logs } = await game.events(inv(1).write.claimLootBox([box, false]));
    expect(eventOf(logs, 'LootBoxClaimed').slot).toBe(3);
    expect((await inv(0).read.chestOf([p1])).every((id) => id !== 0n)).toBe(true);
  });

  it('reverts AdminGrant_InsufficientSpace past 4 slots, World_InsufficientBalance without the onyx', async () => {
    await expectRevert(inv(1).write.purchaseLootBoxSlot(), 'AdminGrant_InsufficientSpace');
    await expectRevert(inv(2).write.purchaseLootBoxSlot(), 'World_InsufficientBalance');
    expect(await inv(0).read.lootBoxSlotsOf([p2])).toBe(2);
  });
});

describe('belt', () => {
  it('puts owned items on the belt with BeltChanged', async () => {
    const first = await game.events(inv(1).write.addToBelt([1]));
    expect(eventOf(first.logs, 'BeltChanged')).toEqual({
      characterId: p1,
      itemId: 1,
      added: true,
      usedSlots: 1,
    });
    const second = await game.events(inv(1).write.addToBelt([1]));
    expect(eventOf(second.logs, 'BeltChanged').usedSlots).toBe(2);
    expect(await inv(0).read.beltOf([p1])).toEqual([1, 1]);
    expect(await inv(0).read.itemOf([p1, 1])).toBe(2n);
  });

  it('reverts Player_BeltOverflow when every belt slot is used', async () => {
    await expectRevert(inv(1).write.addToBelt([2]), 'Player_BeltOverflow');
  });

  it('buys a belt slot for 100 runix with RunixChanged and BeltSlotPurchased', async () => {
    const { logs } = await game.events(inv(1).write.purchaseBeltSlot());
    expect(eventOf(logs, 'BeltSlotPurchased')).toEqual({ characterId: p1, slotCount: 3, runixPaid: 100n });
    expect(eventOf(logs, 'RunixChanged')).toEqual({
      characterId: p1,
      delta: -100n,
      balanceBefore: 3000n,
      balanceAfter: 2900n,
      reason: reason('belt_slot'),
    });
    expect(await inv(0).read.beltSlotsOf([p1])).toBe(3);
  });

  it('reverts World_InsufficientBalance for more units than the character holds', async () => {
    const [balance, needed] = await expectSkaldRevert(
      inv(1).write.addToBelt([1]),
      'World_InsufficientBalance',
    );
    expect([balance, needed]).toEqual([2n, 3n]);
    await expectRevert(inv(1).write.addToBelt([7]), 'World_InsufficientBalance');
  });

  it('takes an item off the belt with BeltChanged', async () => {
    const { logs } = await game.events(inv(1).write.removeFromBelt([1]));
    expect(eventOf(logs, 'BeltChanged')).toEqual({ characterId: p1, itemId: 1, added: false, usedSlots: 1 });
    expect(await inv(0).read.beltOf([p1])).toEqual([1]);
  });

  it('reverts Player_BeltEmpty for an item not on the belt', async () => {
    await expectRevert(inv(1).write.removeFromBelt([5]), 'Player_BeltEmpty');
  });

  it('drops belt units when a game contract debits the items below them', async () => {
    await game.events(inv(1).write.addToBelt([2]));
    const { logs } = await game.events(inv(GAME).write.debitItem([p1, 2, 1n, reason('shop')]));
    expect(eventOf(logs, 'ItemChanged')).toEqual({
      characterId: p1,
      itemId: 2,
      delta: -1n,
      quantityAfter: 0n,
      reason: reason('shop'),
    });
    expect(eventOf(logs, 'BeltChanged')).toEqual({ characterId: p1, itemId: 2, added: false, usedSlots: 1 });
    expect(await inv(0).read.beltOf([p1])).toEqual([1]);
  });

  it('sells belt slots up to 6 (100, 200, 400, 800 runix), then AdminGrant_InsufficientSpace', async () => {
    for (const [slotCount, price] of [
      [4, 200n],
      [5, 400n],
      [6, 800n],
    ] as const) {
      const { logs } = await game.events(inv(1).write.purchaseBeltSlot());
      expect(eventOf(logs, 'BeltSlotPurchased')).toEqual({ characterId: p1, slotCount, runixPaid: price });
    }
    await expectRevert(inv(1).write.purchaseBeltSlot(), 'AdminGrant_InsufficientSpace');
    expect(await inv(0).read.runixOf([p1])).toBe(2900n - 1400n);
  });

  it('reverts World_InsufficientBalance for a belt slot without the runix', async () => {
    await expectRevert(inv(2).write.purchaseBeltSlot(), 'World_InsufficientBalance');
  });
});

describe('amulets: equipAmulet and transferAmulet', () => {
  let a: bigint;
  let b: bigint;
  let bound: bigint;
  let vera1: bigint;
  let vera2: bigint;
  let othersVera: bigint;

  beforeAll(async () => {
    a = await grantAmulet(p1);
    b = await grantAmulet(p1);
    bound = await grantAmulet(p1, true);
    vera1 = await grantVera(p1);
    vera2 = await grantVera(p1);
    othersVera = await grantVera(p2);
  });

  it('equips an amulet on an owned vera with AmuletEquipped', async () => {
    const { logs } = await game.events(inv(1).write.equipAmulet([a, vera1]));
    expect(eventOf(logs, 'AmuletEquipped')).toEqual({ amuletId: a, characterId: p1, veraId: vera1 });
    expect(await inv(0).read.amuletOnVera([vera1])).toBe(a);
    expect((await inv(0).read.getAmulet([a])).veraId).toBe(vera1);
  });

  it('reverts World_ResourceAlreadyExists when the amulet is already there', async () => {
    await expectRevert(inv(1).write.equipAmulet([a, vera1]), 'World_ResourceAlreadyExists');
  });

  it('replaces the amulet a vera wears, reporting the old one with veraId 0', async () => {
    const { logs } = await game.events(inv(1).write.equipAmulet([b, vera1]));
    expect(all(logs, 'AmuletEquipped')).toEqual([
      { amuletId: a, characterId: p1, veraId: 0n },
      { amuletId: b, characterId: p1, veraId: vera1 },
    ]);
    expect(await inv(0).read.amuletOnVera([vera1])).toBe(b);
    expect((await inv(0).read.getAmulet([a])).veraId).toBe(0n);
  });

  it('moves an amulet between veras and takes it off with veraId 0', async () => {
    await game.events(inv(1).write.equipAmulet([b, vera2]));
    expect([await inv(0).read.amuletOnVera([vera1]), await inv(0).read.amuletOnVera([vera2])]).toEqual([
      0n,
      b,
    ]);
    const { logs } = await game.events(inv(1).write.equipAmulet([b, 0n]));
    expect(eventOf(logs, 'AmuletEquipped')).toEqual({ amuletId: b, characterId: p1, veraId: 0n });
    expect(await inv(0).read.amuletOnVera([vera2])).toBe(0n);
  });

  it("reverts World_AccessDenied for someone else's vera or amulet", async () => {
    await expectRevert(inv(1).write.equipAmulet([a, othersVera]), 'World_AccessDenied');
    await expectRevert(inv(2).write.equipAmulet([a, othersVera]), 'World_AccessDenied');
  });

  it('reverts World_ResourceNotFound for an unknown vera or amulet', async () => {
    await expectRevert(inv(1).write.equipAmulet([a, 9999n]), 'World_ResourceNotFound');
    await expectRevert(inv(1).write.equipAmulet([999n, vera1]), 'World_ResourceNotFound');
  });

  it('transfers an equipped amulet: it comes off first, then AmuletTransferred', async () => {
    await game.events(inv(1).write.equipAmulet([a, vera1]));
    const { logs } = await game.events(inv(1).write.transferAmulet([a, p2]));
    expect(eventOf(logs, 'AmuletEquipped')).toEqual({ amuletId: a, characterId: p1, veraId: 0n });
    expect(eventOf(logs, 'AmuletTransferred')).toEqual({
      amuletId: a,
      fromCharacterId: p1,
      toCharacterId: p2,
    });
    expect(await inv(0).read.amuletOnVera([vera1])).toBe(0n);
    expect(await inv(0).read.getAmulet([a])).toMatchObject({ characterId: p2, veraId: 0n });
    expect(await inv(0).read.amuletsOf([p2])).toEqual([a]);
    expect(await inv(0).read.amuletsOf([p1])).not.toContain(a);
  });

  it('reverts Player_SoulboundAmulet for a soulbound amulet', async () => {
    await expectRevert(inv(1).write.transferAmulet([bound, p2]), 'Player_SoulboundAmulet');
  });

  it('reverts AdminGrant_InvalidCharacter for an unknown target or the sender itself', async () => {
    await expectRevert(inv(1).write.transferAmulet([b, 99n]), 'AdminGrant_InvalidCharacter');
    await expectRevert(inv(1).write.transferAmulet([b, p1]), 'AdminGrant_InvalidCharacter');
  });

  it("reverts World_AccessDenied for someone else's amulet, World_ResourceNotFound for an unknown one", async () => {
    await expectRevert(inv(1).write.transferAmulet([a, p5]), 'World_AccessDenied');
    await expectRevert(inv(1).write.transferAmulet([999n, p2]), 'World_ResourceNotFound');
  });
});

describe('transferLootBox', () => {
  it('moves a stash lootbox to another character with LootBoxTransferred', async () => {
    const box = await grantLootBox(p1);
    const { logs } = await game.events(inv(1).write.transferLootBox([box, p2]));
    expect(eventOf(logs, 'LootBoxTransferred')).toEqual({
      lootBoxId: box,
      fromCharacterId: p1,
      toCharacterId: p2,
    });
    expect((await inv(0).read.getLootBox([box])).characterId).toBe(p2);
    expect(await inv(0).read.lootBoxesOf([p2])).toContain(box);
    expect(await inv(0).read.lootBoxesOf([p1])).not.toContain(box);
  });

  it('reverts Player_SoulboundLootBox for a soulbound lootbox', async () => {
    const box = await grantLootBox(p1, 1, true);
    await expectRevert(inv(1).write.transferLootBox([box, p2]), 'Player_SoulboundLootBox');
  });

  it('reverts World_ResourceAlreadyExists for a lootbox in a chest slot', async () => {
    const claimed = (await inv(0).read.chestOf([p1]))[0];
    await expectRevert(inv(1).write.transferLootBox([claimed, p2]), 'World_ResourceAlreadyExists');
  });

  it('reverts AdminGrant_InsufficientSpace when the target holds 20 lootboxes', async () => {
    const box = await grantLootBox(p1);
    await expectRevert(inv(1).write.transferLootBox([box, p5]), 'AdminGrant_InsufficientSpace');
  });

  it('reverts AdminGrant_InvalidCharacter, World_ResourceNotFound and World_AccessDenied', async () => {
    const box = await grantLootBox(p1);
    await expectRevert(inv(1).write.transferLootBox([box, 99n]), 'AdminGrant_InvalidCharacter');
    await expectRevert(inv(1).write.transferLootBox([box, p1]), 'AdminGrant_InvalidCharacter');
    await expectRevert(inv(1).write.transferLootBox([9999n, p2]), 'World_ResourceNotFound');
    await expectRevert(inv(2).write.transferLootBox([box, p2]), 'World_AccessDenied');
  });
});

describe('game contract functions (ROLE_GAME)', () => {
  const battle = reason('battle_win');

  it('creditRunix and debitRunix move runix with the caller-given reason', async () => {
    const credit = await game.events(inv(GAME).write.creditRunix([p2, 50n, battle]));
    expect(eventOf(credit.logs, 'RunixChanged')).toEqual({
      characterId: p2,
      delta: 50n,
      balanceBefore: 0n,
      balanceAfter: 50n,
      reason: battle,
    });
    const debit = await game.events(inv(GAME).write.debitRunix([p2, 20n, battle]));
    expect(eventOf(debit.logs, 'RunixChanged')).toMatchObject({
      delta: -20n,
      balanceBefore: 50n,
      balanceAfter: 30n,
    });
    const [balance, amount] = await expectSkaldRevert(
      inv(GAME).write.debitRunix([p2, 31n, battle]),
      'World_InsufficientBalance',
    );
    expect([balance, amount]).toEqual([30n, 31n]);
  });

  it('creditOnyx credits onyx with OnyxChanged', async () => {
    const { logs } = await game.events(inv(GAME).write.creditOnyx([p2, 7n, battle]));
    expect(eventOf(logs, 'OnyxChanged')).toEqual({
      characterId: p2,
      delta: 7n,
      balanceBefore: 0n,
      balanceAfter: 7n,
      reason: battle,
    });
  });

  it('creditItem and debitItem move items with ItemChanged', async () => {
    const credit = await game.events(inv(GAME).write.creditItem([p2, 4, 3n, battle]));
    expect(eventOf(credit.logs, 'ItemChanged')).toEqual({
      characterId: p2,
      itemId: 4,
      delta: 3n,
      quantityAfter: 3n,
      reason: battle,
    });
    const debit = await game.events(inv(GAME).write.debitItem([p2, 4, 2n, battle]));
    expect(eventOf(debit.logs, 'ItemChanged')).toEqual({
      characterId: p2,
      itemId: 4,
      delta: -2n,
      quantityAfter: 1n,
      reason: battle,
    });
    await expectRevert(inv(GAME).write.debitItem([p2, 4, 2n, battle]), 'World_InsufficientBalance');
  });

  it('createLootBox is not capped at 20, so rewards never fail', async () => {
    const { logs } = await game.events(inv(GAME).write.createLootBox([p5, 3, 8, 2, true]));
    expect(eventOf(logs, 'LootBoxCreated')).toMatchObject({
      characterId: p5,
      boxType: 3,
      species: 8,
      rune: 2,
      isSoulbound: true,
    });
    expect(all(logs, 'AdminGranted')).toEqual([]);
    expect((await inv(0).read.lootBoxesOf([p5])).length).toBe(21);
    await expectRevert(inv(GAME).write.createLootBox([p5, 0, 0, 0, false]), 'World_ResourceNotFound');
  });

  it('consumeLootBox returns the contents and burns a ready lootbox', async () => {
    const box = await grantLootBox(p2, 2);
    await game.events(inv(0).write.admin_grantItem([p2, 1, 1n]));
    await game.events(inv(0).write.admin_grantOnyx([p2, 10n]));
    await expectSkaldRevert(inv(GAME).write.consumeLootBox([p2, box]), 'LootBox_NotReady');
    await game.events(inv(2).write.claimLootBox([box, true]));
    await expectRevert(inv(GAME).write.consumeLootBox([p1, box]), 'World_AccessDenied');
    await expectRevert(inv(GAME).write.consumeLootBox([p2, 9999n]), 'World_ResourceNotFound');
    const { result } = await inv(GAME).simulate.consumeLootBox([p2, box], { account: address(GAME) });
    expect(result).toEqual([2, 0, 0]);
    const { logs } = await game.events(inv(GAME).write.consumeLootBox([p2, box]));
    expect(eventOf(logs, 'LootBoxConsumed')).toEqual({ lootBoxId: box, characterId: p2 });
    await expectRevert(inv(GAME).write.consumeLootBox([p2, box]), 'World_ResourceNotFound');
  });

  it('reverts Player_ZeroAmount and AdminGrant_InvalidCharacter', async () => {
    await expectRevert(inv(GAME).write.creditRunix([p2, 0n, battle]), 'Player_ZeroAmount');
    await expectRevert(inv(GAME).write.debitRunix([p2, 0n, battle]), 'Player_ZeroAmount');
    await expectRevert(inv(GAME).write.creditOnyx([p2, 0n, battle]), 'Player_ZeroAmount');
    await expectRevert(inv(GAME).write.creditItem([p2, 1, 0n, battle]), 'Player_ZeroAmount');
    await expectRevert(inv(GAME).write.debitItem([p2, 1, 0n, battle]), 'Player_ZeroAmount');
    await expectRevert(inv(GAME).write.creditRunix([99n, 1n, battle]), 'AdminGrant_InvalidCharacter');
    await expectRevert(inv(GAME).write.createLootBox([99n, 1, 0, 0, false]), 'AdminGrant_InvalidCharacter');
  });

  it('reverts World_AccessDenied without ROLE_GAME, even for an admin', async () => {
    for (const index of [0, 1]) {
      const i = inv(index).write;
      await expectRevert(i.creditRunix([p1, 1n, battle]), 'World_AccessDenied');
      await expectRevert(i.debitRunix([p1, 1n, battle]), 'World_AccessDenied');
      await expectRevert(i.creditOnyx([p1, 1n, battle]), 'World_AccessDenied');
      await expectRevert(i.creditItem([p1, 1, 1n, battle]), 'World_AccessDenied');
      await expectRevert(i.debitItem([p1, 1, 1n, battle]), 'World_AccessDenied');
      await expectRevert(i.createLootBox([p1, 1, 0, 0, false]), 'World_AccessDenied');
      await expectRevert(i.consumeLootBox([p1, 1n]), 'World_AccessDenied');
    }
  });
});

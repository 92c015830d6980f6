import { stringToHex, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_SHOP } from '../src/deploy.ts';
import { DEFAULT_ATTRIBUTES, eventOf, expectRevert, type Game, onboard, setupGame } from './fixtures.ts';

const SHOP = stringToHex('shop', { size: 32 });
const SHOP_ID = STARTER_SHOP.shopId;

let game: Game;
let alice: bigint; // wallet 1
let bob: bigint; // wallet 2

const item = (itemId: number, quantity: bigint) => ({ itemId, quantity });

async function grantRunix(characterId: bigint, amount: bigint) {
  await game.events(game.as(0).inventory.write.admin_grantRunix([characterId, amount]));
}

beforeAll(async () => {
  game = await setupGame();
  alice = await onboard(game, 1);
  bob = await onboard(game, 2);
}, 180_000);

afterAll(async () => {
  await game?.stop();
});

describe('starter shop', () => {
  it('is stocked by the deploy with items 1..6', async () => {
    for (const stocked of STARTER_SHOP.items) {
      expect(await game.as(0).shop.read.getShopItem([SHOP_ID, stocked.itemId])).toEqual({
        exists: true,
        quantity: stocked.quantity,
        runixCost: stocked.runixCost,
        isPurchasable: true,
        isSellable: true,
      });
    }
  });
});

describe('transactWithShop: buying', () => {
  it('debits runix, credits items, lowers the stock and raises reputation', async () => {
    await grantRunix(alice, 1_000n);
    const { logs } = await game.events(
      game.as(1).shop.write.transactWithShop([SHOP_ID, [], [item(1, 2n), item(6, 1n)]]),
    );
    expect(eventOf(logs, 'ShopTransaction')).toEqual({
      characterId: alice,
      shopId: SHOP_ID,
      sold: [],
      bought: [item(1, 2n), item(6, 1n)],
      runixPaid: 320n,
      runixReceived: 0n,
    });
    expect(eventOf(logs, 'RunixChanged')).toMatchObject({
      characterId: alice,
      delta: -320n,
      balanceAfter: 680n,
      reason: SHOP,
    });
    const credited = logs.filter((l) => l.eventName === 'ItemChanged').map((l) => l.args);
    expect(credited).toMatchObject([
      { characterId: alice, itemId: 1, delta: 2n, reason: SHOP },
      { characterId: alice, itemId: 6, delta: 1n, reason: SHOP },
    ]);
    expect(eventOf(logs, 'ShopItemUpdated')).toMatchObject({ shopId: SHOP_ID, itemId: 1, quantity: 9_998n });
    expect(eventOf(logs, 'ShopReputationChanged')).toEqual({
      characterId: alice,
      shopId: SHOP_ID,
      runixInvested: 320n,
      milestone: 0,
      buyingPower: 0,
      sellingPower: 50,
      nextMilestoneRequirement: 500n,
    });
    expect(await game.as(1).inventory.read.itemOf([alice, 6])).toBe(1n);
    expect((await game.as(1).shop.read.getShopItem([SHOP_ID, 6])).quantity).toBe(99n);
  });

  it('reaches a milestone and buys at a discount afterwards', async () => {
    // 320 invested so far; 200 more reaches 500
    const { logs } = await game.events(game.as(1).shop.write.transactWithShop([SHOP_ID, [], [item(3, 5n)]]));
    expect(eventOf(logs, 'ShopReputationChanged')).toMatchObject({
      runixInvested: 520n,
      milestone: 1,
      buyingPower: 5,
      sellingPower: 55,
      nextMilestoneRequirement: 2_000n,
    });
    const next = await game.events(game.as(1).shop.write.transactWithShop([SHOP_ID, [], [item(6, 1n)]]));
    expect(eventOf(next.logs, 'ShopTransaction')).toMatchObject({ runixPaid: 285n }); // 300 less 5%
    expect(await game.as(1).shop.read.getReputation([alice, SHOP_ID])).toEqual({
      runixInvested: 805n,
      milestone: 1,
      buyingPower: 5,
      sellingPower: 55,
      nextMilestoneRequirement: 2_000n,
    });
  });

  it('starts a character at buying power 0 and selling power 50', async () => {
    expect(await game.as(2).shop.read.getReputation([bob, SHOP_ID])).toEqual({
      runixInvested: 0n,
      milestone: 0,
      buyingPower: 0,
      sellingPower: 50,
      nextMilestoneRequirement: 500n,
    });
  });
});

describe('transactWithShop: selling', () => {
  it('pays the selling price, returns the items to the stock and leaves reputation alone', async () => {
    const stock = (await game.as(1).shop.read.getShopItem([SHOP_ID, 1])).quantity;
    const { logs } = await game.events(game.as(1).shop.write.transactWithShop([SHOP_ID, [item(1, 2n)], []]));
    // 10 * 55% = 5 each, rounded down
    expect(eventOf(logs, 'ShopTransaction')).toEqual({
      characterId: alice,
      shopId: SHOP_ID,
      sold: [item(1, 2n)],
      bought: [],
      runixPaid: 0n,
      runixReceived: 10n,
    });
    expect(eventOf(logs, 'ItemChanged')).toMatchObject({
      itemId: 1,
      delta: -2n,
      quantityAfter: 0n,
      reason: SHOP,
    });
    expect(eventOf(logs, 'RunixChanged')).toMatchObject({ delta: 10n, reason: SHOP });
    expect(logs.some((l) => l.eventName === 'ShopReputationChanged')).toBe(false);
    expect((await game.as(1).shop.read.getShopItem([SHOP_ID, 1])).quantity).toBe(stock + 2n);
  });

  it('sells before buying, so the proceeds pay for the purchase', async () => {
    await game.events(game.as(0).inventory.write.admin_grantItem([bob, 6, 2n]));
    expect(await game.as(2).inventory.read.runixOf([bob])).toBe(0n);
    const { logs } = await game.events(
      game.as(2).shop.write.transactWithShop([SHOP_ID, [item(6, 2n)], [item(5, 1n)]]),
    );
    expect(eventOf(logs, 'ShopTransaction')).toMatchObject({ runixPaid: 120n, runixReceived: 300n });
    expect(await game.as(2).inventory.read.runixOf([bob])).toBe(180n);
    expect(await game.as(2).inventory.read.itemOf([bob, 5])).toBe(1n);
    expect(await game.as(2).inventory.read.itemOf([bob, 6])).toBe(0n);
  });
});

describe('transactWithShop: reverts', () => {
  it('Player_NeedsOnboardingForShop while the character is onboarding', async () => {
    await game.events(
      game
        .as(3)
        .characters.write.createCharacter([
          zeroAddress,
          'Newcomer',
          DEFAULT_ATTRIBUTES,
          { starterSpecies: 1, starterRune: 1 },
        ]),
    );
    await expectRevert(
      game.as(3).shop.write.transactWithShop([SHOP_ID, [], [item(1, 1n)]]),
      'Player_NeedsOnboardingForShop',
    );
  });

  it('Player_ZeroAmount when both lists are empty', async () => {
    await expectRevert(game.as(1).shop.write.transactWithShop([SHOP_ID, [], []]), 'Player_ZeroAmount');
  });

  it('Player_ZeroAmount for a zero quantity bought or sold', async () => {
    await expectRevert(
      game.as(1).shop.write.transactWithShop([SHOP_ID, [], [item(1, 0n)]]),
      'Player_ZeroAmount',
    );
    await expectRevert(
      game.as(1).shop.write.transactWithShop([SHOP_ID, [item(6, 0n)], []]),
      'Player_ZeroAmount',
    );
  });

  it('World_ResourceNotFound for an unknown shop or item', async () => {
    await expectRevert(
      game.as(1).shop.write.transactWithShop([99, [], [item(1, 1n)]]),
      'World_ResourceNotFound',
    );
    await expectRevert(
      game.as(1).shop.write.transactWithShop([SHOP_ID, [], [item(77, 1n)]]),
      'World_ResourceNotFound',
    );
  });

  it('World_InsufficientBalance beyond the stock, the runix or the items owned', async () => {
    await grantRunix(alice, 100_000n);
    await expectRevert(
      game.as(1).shop.write.transactWithShop([SHOP_ID, [], [item(6, 1_000n)]]),
      'World_InsufficientBalance',
    );
    await expectRevert(
      game.as(2).shop.write.transactWithShop([SHOP_ID, [], [item(6, 1n)]]),
      'World_InsufficientBalance',
    );
    await expectRevert(
      game.as(2).shop.write.transactWithShop([SHOP_ID, [item(4, 1n)], []]),
      'World_InsufficientBalance',
    );
  });

  it('Shop_NotPurchasable and Shop_NotSellable follow the item flags', async () => {
    await game.events(game.as(0).shop.write.admin_setItemFlags([SHOP_ID, 2, false, false]));
    await game.events(game.as(0).inventory.write.admin_grantItem([alice, 2, 1n]));
    await expectRevert(
      game.as(1).shop.write.transactWithShop([SHOP_ID, [], [item(2, 1n)]]),
      'Shop_NotPurchasable',
    );
    await expectRevert(
      game.as(1).shop.write.transactWithShop([SHOP_ID, [item(2, 1n)], []]),
      'Shop_NotSellable',
    );
    await game.events(game.as(0).shop.write.admin_setItemFlags([SHOP_ID, 2, true, true]));
  });

  it('changes nothing when a purchase fails after a valid sale', async () => {
    const items = await game.as(1).inventory.read.itemOf([alice, 2]);
    await expectRevert(
      game.as(1).shop.write.transactWithShop([SHOP_ID, [item(2, 1n)], [item(77, 1n)]]),
      'World_ResourceNotFound',
    );
    expect(await game.as(1).inventory.read.itemOf([alice, 2])).toBe(items);
  });
});

describe('admin_repriceShop', () => {
  it('creates a missing item, purchasable and sellable with no stock', async () => {
    const { logs } = await game.events(game.as(0).shop.write.admin_repriceShop([2, 10, 50n]));
    expect(eventOf(logs, 'ShopRepriced')).toEqual({
      admin: game.admin.account.address,
      shopId: 2,
      itemId: 10,
      oldCost: 0n,
      newCost: 50n,
    });
    expect(eventOf(logs, 'ShopItemUpdated')).toEqual({
      shopId: 2,
      itemId: 10,
      quantity: 0n,
      runixCost: 50n,
      isPurchasable: true,
      isSellable: true,
    });
    await expectRevert(
      game.as(1).shop.write.transactWithShop([2, [], [item(10, 1n)]]),
      'World_InsufficientBalance',
    );
  });

  it('reprices an existing item and keeps its stock', async () => {
    const { logs } = await game.events(game.as(0).shop.write.admin_repriceShop([SHOP_ID, 4, 80n]));
    expect(eventOf(logs, 'ShopRepriced')).toMatchObject({ itemId: 4, oldCost: 60n, newCost: 80n });
    expect(await game.as(0).shop.read.getShopItem([SHOP_ID, 4])).toMatchObject({
      quantity: 1_000n,
      runixCost: 80n,
    });
  });

  it('reverts Player_ZeroAmount for a zero cost', async () => {
    await expectRevert(game.as(0).shop.write.admin_repriceShop([SHOP_ID, 4, 0n]), 'Player_ZeroAmount');
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(game.as(1).shop.write.admin_repriceShop([SHOP_ID, 4, 1n]), 'World_AccessDenied');
  });
});

describe('admin_restockShop', () => {
  it('adds stock and emits ShopRestocked', async () => {
    const { logs } = await game.events(game.as(0).shop.write.admin_restockShop([2, 10, 30n]));
    expect(eventOf(logs, 'ShopRestocked')).toEqual({
      admin: game.admin.account.address,
      shopId: 2,
      itemId: 10,
      added: 30n,
      quantityAfter: 30n,
    });
    expect(eventOf(logs, 'ShopItemUpdated')).toMatchObject({ shopId: 2, itemId: 10, quantity: 30n });
  });

  it('reverts World_ResourceNotFound for an item the shop does not have', async () => {
    await expectRevert(game.as(0).shop.write.admin_restockShop([SHOP_ID, 77, 5n]), 'World_ResourceNotFound');
  });

  it('reverts Player_ZeroAmount for a zero quantity', async () => {
    await expectRevert(game.as(0).shop.write.admin_restockShop([SHOP_ID, 1, 0n]), 'Player_ZeroAmount');
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(game.as(1).shop.write.admin_restockShop([SHOP_ID, 1, 5n]), 'World_AccessDenied');
  });
});

describe('admin_setItemFlags', () => {
  it('sets the flags and emits ShopItemUpdated', async () => {
    const { logs } = await game.events(game.as(0).shop.write.admin_setItemFlags([2, 10, false, true]));
    expect(eventOf(logs, 'ShopItemUpdated')).toEqual({
      shopId: 2,
      itemId: 10,
      quantity: 30n,
      runixCost: 50n,
      isPurchasable: false,
      isSellable: true,
    });
  });

  it('reverts World_ResourceNotFound for an item the shop does not have', async () => {
    await expectRevert(
      game.as(0).shop.write.admin_setItemFlags([SHOP_ID, 77, true, true]),
      'World_ResourceNotFound',
    );
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(
      game.as(1).shop.write.admin_setItemFlags([SHOP_ID, 1, true, true]),
      'World_AccessDenied',
    );
  });
});

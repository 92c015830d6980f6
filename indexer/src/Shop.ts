import { ponder } from 'ponder:registry';
import { adminAction, shopItem, shopReputation, shopTrade } from 'ponder:schema';
import { addr, at, plain, recordActivity } from '../lib/activity.ts';

ponder.on('Shop:ShopItemUpdated', async ({ event, context }) => {
  const { shopId, itemId, quantity, runixCost, isPurchasable, isSellable } = event.args;
  const values = { quantity, runixCost, isPurchasable, isSellable, updatedBlock: event.block.number };
  await context.db
    .insert(shopItem)
    .values({ shopId, itemId, ...values })
    .onConflictDoUpdate(values);
  await recordActivity(context.db, event, {
    type: 'shop',
    event: 'ShopItemUpdated',
    payload: { shopId, itemId, quantity, runixCost },
  });
});

ponder.on('Shop:ShopTransaction', async ({ event, context }) => {
  const { characterId, shopId, sold, bought, runixPaid, runixReceived } = event.args;
  await context.db.insert(shopTrade).values({
    id: event.id,
    characterId,
    shopId,
    sold: plain(sold) as object,
    bought: plain(bought) as object,
    runixPaid,
    runixReceived,
    ...at(event),
  });
  await recordActivity(context.db, event, {
    type: 'shop',
    event: 'ShopTransaction',
    characterId,
    payload: { shopId, sold, bought, runixPaid, runixReceived },
  });
});

ponder.on('Shop:ShopReputationChanged', async ({ event, context }) => {
  const {
    characterId,
    shopId,
    runixInvested,
    milestone,
    buyingPower,
    sellingPower,
    nextMilestoneRequirement,
  } = event.args;
  const values = {
    runixInvested,
    milestone,
    buyingPower,
    sellingPower,
    nextMilestoneRequirement,
    updatedBlock: event.block.number,
  };
  await context.db
    .insert(shopReputation)
    .values({ characterId, shopId, ...values })
    .onConflictDoUpdate(values);
  await recordActivity(context.db, event, {
    type: 'shop',
    event: 'ShopReputationChanged',
    characterId,
    payload: { shopId, milestone, buyingPower, sellingPower },
  });
});

ponder.on('Shop:ShopRepriced', async ({ event, context }) => {
  const { admin, shopId, itemId, oldCost, newCost } = event.args;
  const detail = { shopId, itemId, oldCost: String(oldCost), newCost: String(newCost) };
  await context.db
    .insert(adminAction)
    .values({ id: event.id, admin: addr(admin), action: 'shop_reprice', detail, ...at(event) });
  await recordActivity(context.db, event, {
    type: 'admin',
    event: 'ShopRepriced',
    account: admin,
    payload: detail,
  });
});

ponder.on('Shop:ShopRestocked', async ({ event, context }) => {
  const { admin, shopId, itemId, added, quantityAfter } = event.args;
  const detail = { shopId, itemId, added: String(added), quantityAfter: String(quantityAfter) };
  await context.db
    .insert(adminAction)
    .values({ id: event.id, admin: addr(admin), action: 'shop_restock', detail, ...at(event) });
  await recordActivity(context.db, event, {
    type: 'admin',
    event: 'ShopRestocked',
    account: admin,
    payload: detail,
  });
});

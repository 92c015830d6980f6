import { ponder } from 'ponder:registry';
import { amulet, beltItem, currencyChange, inventory, inventoryItem, lootBox } from 'ponder:schema';
import type { Hex } from 'viem';
import { at, type Db, type LogEvent, recordActivity } from '../lib/activity.ts';
import { decodeReason } from '../lib/reason.ts';
import { asTimeOrNull } from '../lib/time.ts';

type Change = {
  characterId: bigint;
  delta: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
  reason: Hex;
};

async function onCurrency(db: Db, event: LogEvent & { args: Change }, currency: 'runix' | 'onyx') {
  const { characterId, delta, balanceAfter } = event.args;
  const reason = decodeReason(event.args.reason);
  const block = event.block.number;
  await db
    .insert(inventory)
    .values({ characterId, runix: 0n, onyx: 0n, beltUsed: 0, updatedBlock: block, [currency]: balanceAfter })
    .onConflictDoUpdate({ [currency]: balanceAfter, updatedBlock: block });
  await db
    .insert(currencyChange)
    .values({ id: event.id, characterId, currency, delta, balanceAfter, reason, ...at(event) });
  await recordActivity(db, event, {
    type: 'inventory',
    event: currency === 'runix' ? 'RunixChanged' : 'OnyxChanged',
    characterId,
    payload: { delta, balanceAfter, reason },
  });
}

ponder.on('Inventory:RunixChanged', ({ event, context }) => onCurrency(context.db, event, 'runix'));
ponder.on('Inventory:OnyxChanged', ({ event, context }) => onCurrency(context.db, event, 'onyx'));

ponder.on('Inventory:ItemChanged', async ({ event, context }) => {
  const { characterId, itemId, delta, quantityAfter } = event.args;
  const values = { quantity: quantityAfter, updatedBlock: event.block.number };
  await context.db
    .insert(inventoryItem)
    .values({ characterId, itemId, ...values })
    .onConflictDoUpdate(values);
  await recordActivity(context.db, event, {
    type: 'inventory',
    event: 'ItemChanged',
    characterId,
    payload: { itemId, delta, quantityAfter, reason: decodeReason(event.args.reason) },
  });
});

ponder.on('Inventory:AmuletCreated', async ({ event, context }) => {
  const { amuletId, characterId, rarity, runeType, isSoulbound } = event.args;
  await context.db.insert(amulet).values({
    id: amuletId,
    characterId,
    rarity,
    runeType,
    isSoulbound,
    veraId: 0n,
    createdBlock: event.block.number,
  });
  await recordActivity(context.db, event, {
    type: 'inventory',
    event: 'AmuletCreated',
    characterId,
    subjectId: amuletId,
    payload: { rarity, runeType, isSoulbound },
  });
});

ponder.on('Inventory:AmuletTransferred', async ({ event, context }) => {
  const { amuletId, fromCharacterId, toCharacterId } = event.args;
  await context.db.update(amulet, { id: amuletId }).set({ characterId: toCharacterId, veraId: 0n });
  await recordActivity(context.db, event, {
    type: 'inventory',
    event: 'AmuletTransferred',
    characterId: fromCharacterId,
    otherCharacterId: toCharacterId,
    subjectId: amuletId,
    payload: {},
  });
});

ponder.on('Inventory:AmuletEquipped', async ({ event, context }) => {
  const { amuletId, characterId, veraId } = event.args;
  await context.db.update(amulet, { id: amuletId }).set({ veraId });
  await recordActivity(context.db, event, {
    type: 'inventory',
    event: 'AmuletEquipped',
    characterId,
    subjectId: amuletId,
    payload: { veraId },
  });
});

ponder.on('Inventory:LootBoxCreated', async ({ event, context }) => {
  const { lootBoxId, characterId, boxType, species, rune, isSoulbound } = event.args;
  await context.db.insert(lootBox).values({
    id: lootBoxId,
    characterId,
    boxType,
    species,
    rune,
    isSoulbound,
    status: 'stash',
    createdBlock: event.block.number,
  });
  await recordActivity(context.db, event, {
    type: 'inventory',
    event: 'LootBoxCreated',
    characterId,
    subjectId: lootBoxId,
    payload: { boxType, species, rune },
  });
});

ponder.on('Inventory:LootBoxClaimed', async ({ event, context }) => {
  const { lootBoxId, characterId, slot, endTimestamp, spedUp, onyxPaid } = event.args;
  await context.db.update(lootBox, { id: lootBoxId }).set({
    status: 'claimed',
    characterId,
    slot,
    endTimestamp,
    endTime: asTimeOrNull(endTimestamp),
    spedUp,
    onyxPaid,
  });
  await recordActivity(context.db, event, {
    type: 'inventory',
    event: 'LootBoxClaimed',
    characterId,
    subjectId: lootBoxId,
    payload: { slot, endTimestamp, spedUp, onyxPaid },
  });
});

ponder.on('Inventory:LootBoxConsumed', async ({ event, context }) => {
  const { lootBoxId, characterId } = event.args;
  await context.db.update(lootBox, { id: lootBoxId }).set({ status: 'consumed', characterId });
  await recordActivity(context.db, event, {
    type: 'inventory',
    event: 'LootBoxConsumed',
    characterId,
    subjectId: lootBoxId,
    payload: {},
  });
});

async function setSlots(
  db: Db,
  characterId: bigint,
  block: bigint,
  slots: { lootBoxSlots?: number; beltSlots?: number; beltUsed?: number },
) {
  await db
    .insert(inventory)
    .values({ characterId, runix: 0n, onyx: 0n, beltUsed: 0, updatedBlock: block, ...slots })
    .onConflictDoUpdate({ ...slots, updatedBlock: block });
}

ponder.on('Inventory:LootBoxSlotPurchased', async ({ event, context }) => {
  const { characterId, slotCount, onyxPaid } = event.args;
  await setSlots(context.db, characterId, event.block.number, { lootBoxSlots: slotCount });
  await recordActivity(context.db, event, {
    type: 'inventory',
    event: 'LootBoxSlotPurchased',
    characterId,
    payload: { slotCount, onyxPaid },
  });
});

ponder.on('Inventory:BeltSlotPurchased', async ({ event, context }) => {
  const { characterId, slotCount, runixPaid } = event.args;
  await setSlots(context.db, characterId, event.block.number, { beltSlots: slotCount });
  await recordActivity(context.db, event, {
    type: 'inventory',
    event: 'BeltSlotPurchased',
    characterId,
    payload: { slotCount, runixPaid },
  });
});

ponder.on('Inventory:BeltChanged', async ({ event, context }) => {
  const { characterId, itemId, added, usedSlots } = event.args;
  const key = { characterId, itemId };
  if (added)
    await context.db
      .insert(beltItem)
      .values({ ...key, slots: 1 })
      .onConflictDoUpdate((row) => ({ slots: row.slots + 1 }));
  else {
    const row = await context.db.find(beltItem, key);
    if (row && row.slots > 1) await context.db.update(beltItem, key).set({ slots: row.slots - 1 });
    else if (row) await context.db.delete(beltItem, key);
  }
  await setSlots(context.db, characterId, event.block.number, { beltUsed: usedSlots });
  await recordActivity(context.db, event, {
    type: 'inventory',
    event: 'BeltChanged',
    characterId,
    payload: { itemId, added, usedSlots },
  });
});

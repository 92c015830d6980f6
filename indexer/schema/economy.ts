/**
 * Inventories, currencies, amulets, lootboxes, the bank and the shops.
 * Every table and column is described once, in @skald/db (src/tables/*); ponder.schema.ts attaches those
 * descriptions to these tables for the GraphQL schema.
 */
import { index, onchainTable, primaryKey } from 'ponder';

export const inventory = onchainTable('inventory', (t) => ({
  characterId: t.bigint().primaryKey(),
  runix: t.bigint().notNull(),
  onyx: t.bigint().notNull(),
  lootBoxSlots: t.integer(),
  beltSlots: t.integer(),
  beltUsed: t.integer().notNull(),
  updatedBlock: t.bigint().notNull(),
}));

export const currencyChange = onchainTable(
  'currency_change',
  (t) => ({
    id: t.text().primaryKey(),
    characterId: t.bigint().notNull(),
    currency: t.text().notNull(),
    delta: t.bigint().notNull(),
    balanceAfter: t.bigint().notNull(),
    reason: t.text().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ characterIdx: index().on(table.characterId, table.currency) }),
);

export const inventoryItem = onchainTable(
  'inventory_item',
  (t) => ({
    characterId: t.bigint().notNull(),
    itemId: t.int8({ mode: 'number' }).notNull(),
    quantity: t.bigint().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.characterId, table.itemId] }) }),
);

export const beltItem = onchainTable(
  'belt_item',
  (t) => ({
    characterId: t.bigint().notNull(),
    itemId: t.int8({ mode: 'number' }).notNull(),
    slots: t.integer().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.characterId, table.itemId] }) }),
);

export const amulet = onchainTable(
  'amulet',
  (t) => ({
    id: t.bigint().primaryKey(),
    characterId: t.bigint().notNull(),
    rarity: t.integer().notNull(),
    runeType: t.integer().notNull(),
    isSoulbound: t.boolean().notNull(),
    veraId: t.bigint().notNull(),
    createdBlock: t.bigint().notNull(),
  }),
  (table) => ({ characterIdx: index().on(table.characterId) }),
);

export const lootBox = onchainTable(
  'loot_box',
  (t) => ({
    id: t.bigint().primaryKey(),
    characterId: t.bigint().notNull(),
    boxType: t.integer().notNull(),
    species: t.integer().notNull(),
    rune: t.integer().notNull(),
    isSoulbound: t.boolean().notNull(),
    status: t.text().notNull(),
    slot: t.integer(),
    endTimestamp: t.bigint(),
    spedUp: t.boolean(),
    onyxPaid: t.bigint(),
    createdBlock: t.bigint().notNull(),
  }),
  (table) => ({ characterIdx: index().on(table.characterId, table.status) }),
);

export const bankLock = onchainTable(
  'bank_lock',
  (t) => ({
    characterId: t.bigint().notNull(),
    lockIndex: t.integer().notNull(),
    runix: t.bigint().notNull(),
    lockDate: t.bigint().notNull(),
    unlockDate: t.bigint().notNull(),
    runixReward: t.bigint().notNull(),
    onyxReward: t.bigint().notNull(),
    milestoneId: t.integer().notNull(),
    status: t.text().notNull(),
    unlockedAt: t.bigint(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.characterId, table.lockIndex] }) }),
);

export const bankProgress = onchainTable('bank_progress', (t) => ({
  characterId: t.bigint().primaryKey(),
  milestoneId: t.integer().notNull(),
  earningsToDate: t.bigint().notNull(),
  nextMilestoneThreshold: t.bigint().notNull(),
  updatedBlock: t.bigint().notNull(),
}));

export const bankLockDuration = onchainTable('bank_lock_duration', (t) => ({
  lockIndex: t.integer().primaryKey(),
  durationSeconds: t.bigint().notNull(),
  updatedBlock: t.bigint().notNull(),
}));

export const shopItem = onchainTable(
  'shop_item',
  (t) => ({
    shopId: t.integer().notNull(),
    itemId: t.int8({ mode: 'number' }).notNull(),
    quantity: t.bigint().notNull(),
    runixCost: t.bigint().notNull(),
    isPurchasable: t.boolean().notNull(),
    isSellable: t.boolean().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.shopId, table.itemId] }) }),
);

export const shopTrade = onchainTable(
  'shop_trade',
  (t) => ({
    id: t.text().primaryKey(),
    characterId: t.bigint().notNull(),
    shopId: t.integer().notNull(),
    sold: t.jsonb().notNull(),
    bought: t.jsonb().notNull(),
    runixPaid: t.bigint().notNull(),
    runixReceived: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ characterIdx: index().on(table.characterId), shopIdx: index().on(table.shopId) }),
);

export const shopReputation = onchainTable(
  'shop_reputation',
  (t) => ({
    characterId: t.bigint().notNull(),
    shopId: t.integer().notNull(),
    runixInvested: t.bigint().notNull(),
    milestone: t.integer().notNull(),
    buyingPower: t.integer().notNull(),
    sellingPower: t.integer().notNull(),
    nextMilestoneRequirement: t.bigint().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.characterId, table.shopId] }) }),
);

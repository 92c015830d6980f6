import { boolean, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { hex, int, int8, uint } from '../columns.ts';

/** Per character: runix and onyx balances, slot counts. */
export const inventory = pgTable('inventory', {
  characterId: uint('character_id').primaryKey(),
  runix: uint('runix').notNull(),
  onyx: uint('onyx').notNull(),
  lootBoxSlots: int('loot_box_slots'),
  beltSlots: int('belt_slots'),
  beltUsed: int('belt_used').notNull(),
  updatedBlock: uint('updated_block').notNull(),
});

/** Every runix and onyx movement; currency runix | onyx. */
export const currencyChange = pgTable('currency_change', {
  id: text('id').primaryKey(),
  characterId: uint('character_id').notNull(),
  currency: text('currency').notNull(),
  delta: uint('delta').notNull(),
  balanceAfter: uint('balance_after').notNull(),
  reason: text('reason').notNull(),
  blockNumber: uint('block_number').notNull(),
  timestamp: uint('timestamp').notNull(),
  txHash: hex('tx_hash').notNull(),
});

/** Item quantities per character. */
export const inventoryItem = pgTable(
  'inventory_item',
  {
    characterId: uint('character_id').notNull(),
    itemId: int8('item_id').notNull(),
    quantity: uint('quantity').notNull(),
    updatedBlock: uint('updated_block').notNull(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.itemId] })],
);

/** Items on a character's belt. */
export const beltItem = pgTable(
  'belt_item',
  {
    characterId: uint('character_id').notNull(),
    itemId: int8('item_id').notNull(),
    slots: int('slots').notNull(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.itemId] })],
);

/** Amulets and the vera wearing each (0 none). */
export const amulet = pgTable('amulet', {
  id: uint('id').primaryKey(),
  characterId: uint('character_id').notNull(),
  rarity: int('rarity').notNull(),
  runeType: int('rune_type').notNull(),
  isSoulbound: boolean('is_soulbound').notNull(),
  veraId: uint('vera_id').notNull(),
  createdBlock: uint('created_block').notNull(),
});

/** Lootboxes; status stash | claimed | consumed. */
export const lootBox = pgTable('loot_box', {
  id: uint('id').primaryKey(),
  characterId: uint('character_id').notNull(),
  boxType: int('box_type').notNull(),
  species: int('species').notNull(),
  rune: int('rune').notNull(),
  isSoulbound: boolean('is_soulbound').notNull(),
  status: text('status').notNull(),
  slot: int('slot'),
  endTimestamp: uint('end_timestamp'),
  spedUp: boolean('sped_up'),
  onyxPaid: uint('onyx_paid'),
  createdBlock: uint('created_block').notNull(),
});

/** Bank lock slots; status locked | unlocked. */
export const bankLock = pgTable(
  'bank_lock',
  {
    characterId: uint('character_id').notNull(),
    lockIndex: int('lock_index').notNull(),
    runix: uint('runix').notNull(),
    lockDate: uint('lock_date').notNull(),
    unlockDate: uint('unlock_date').notNull(),
    runixReward: uint('runix_reward').notNull(),
    onyxReward: uint('onyx_reward').notNull(),
    milestoneId: int('milestone_id').notNull(),
    status: text('status').notNull(),
    unlockedAt: uint('unlocked_at'),
    updatedBlock: uint('updated_block').notNull(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.lockIndex] })],
);

/** Bank progression per character. */
export const bankProgress = pgTable('bank_progress', {
  characterId: uint('character_id').primaryKey(),
  milestoneId: int('milestone_id').notNull(),
  earningsToDate: uint('earnings_to_date').notNull(),
  nextMilestoneThreshold: uint('next_milestone_threshold').notNull(),
  updatedBlock: uint('updated_block').notNull(),
});

/** Lock duration per lock slot. */
export const bankLockDuration = pgTable('bank_lock_duration', {
  lockIndex: int('lock_index').primaryKey(),
  durationSeconds: uint('duration_seconds').notNull(),
  updatedBlock: uint('updated_block').notNull(),
});

/** Shop stock and prices. */
export const shopItem = pgTable(
  'shop_item',
  {
    shopId: int('shop_id').notNull(),
    itemId: int8('item_id').notNull(),
    quantity: uint('quantity').notNull(),
    runixCost: uint('runix_cost').notNull(),
    isPurchasable: boolean('is_purchasable').notNull(),
    isSellable: boolean('is_sellable').notNull(),
    updatedBlock: uint('updated_block').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.itemId] })],
);

/** Shop transactions; sold and bought are [{ itemId, quantity }] with numbers as strings. */
export const shopTrade = pgTable('shop_trade', {
  id: text('id').primaryKey(),
  characterId: uint('character_id').notNull(),
  shopId: int('shop_id').notNull(),
  sold: jsonb('sold').notNull(),
  bought: jsonb('bought').notNull(),
  runixPaid: uint('runix_paid').notNull(),
  runixReceived: uint('runix_received').notNull(),
  blockNumber: uint('block_number').notNull(),
  timestamp: uint('timestamp').notNull(),
  txHash: hex('tx_hash').notNull(),
});

/** Shop reputation per character per shop. */
export const shopReputation = pgTable(
  'shop_reputation',
  {
    characterId: uint('character_id').notNull(),
    shopId: int('shop_id').notNull(),
    runixInvested: uint('runix_invested').notNull(),
    milestone: int('milestone').notNull(),
    buyingPower: int('buying_power').notNull(),
    sellingPower: int('selling_power').notNull(),
    nextMilestoneRequirement: uint('next_milestone_requirement').notNull(),
    updatedBlock: uint('updated_block').notNull(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.shopId] })],
);

import { boolean, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { hex, int, int8, uint } from '../columns.ts';
import { documented } from '../docs.ts';

const items = 'Inventory and items';
const bank = 'Bank';
const shop = 'Shops';
const eventId = 'event id: the chain checkpoint of the event; sorting by it is chain order';

export const inventory = documented(
  items,
  pgTable('inventory', {
    characterId: uint('character_id').primaryKey(),
    runix: uint('runix').notNull(),
    onyx: uint('onyx').notNull(),
    lootBoxSlots: int('loot_box_slots'),
    beltSlots: int('belt_slots'),
    beltUsed: int('belt_used').notNull(),
    updatedBlock: uint('updated_block').notNull(),
  }),
  'Per character: runix and onyx balances (equal to Inventory.runixOf / onyxOf) and slot counts.',
  {
    characterId: 'the character (joins character.id)',
    runix: 'runix balance',
    onyx: 'onyx balance',
    lootBoxSlots: 'chest slots bought; null until the first purchase',
    beltSlots: 'belt slots bought; null until the first purchase',
    beltUsed: 'belt slots in use',
  },
);

export const currencyChange = documented(
  items,
  pgTable('currency_change', {
    id: text('id').primaryKey(),
    characterId: uint('character_id').notNull(),
    currency: text('currency').notNull(),
    delta: uint('delta').notNull(),
    balanceAfter: uint('balance_after').notNull(),
    reason: text('reason').notNull(),
    blockNumber: uint('block_number').notNull(),
    timestamp: uint('timestamp').notNull(),
    txHash: hex('tx_hash').notNull(),
  }),
  'Every runix and onyx movement, with its reason.',
  {
    id: eventId,
    characterId: 'the character whose balance moved (joins character.id)',
    currency: 'runix | onyx',
    delta: 'signed change of the balance',
    balanceAfter: 'balance after the change',
    reason: 'why it moved: the contract’s bytes32 reason, decoded as text when printable',
  },
);

export const inventoryItem = documented(
  items,
  pgTable(
    'inventory_item',
    {
      characterId: uint('character_id').notNull(),
      itemId: int8('item_id').notNull(),
      quantity: uint('quantity').notNull(),
      updatedBlock: uint('updated_block').notNull(),
    },
    (t) => [primaryKey({ columns: [t.characterId, t.itemId] })],
  ),
  'Item quantities per character (equal to Inventory.itemOf).',
  {
    characterId: 'the holder (joins character.id)',
    itemId: 'item id',
    quantity: 'how many the character holds',
  },
);

export const beltItem = documented(
  items,
  pgTable(
    'belt_item',
    {
      characterId: uint('character_id').notNull(),
      itemId: int8('item_id').notNull(),
      slots: int('slots').notNull(),
    },
    (t) => [primaryKey({ columns: [t.characterId, t.itemId] })],
  ),
  'Items on a character’s belt and the slots each takes.',
  { characterId: 'the holder (joins character.id)', itemId: 'item id', slots: 'belt slots it takes' },
);

export const amulet = documented(
  items,
  pgTable('amulet', {
    id: uint('id').primaryKey(),
    characterId: uint('character_id').notNull(),
    rarity: int('rarity').notNull(),
    runeType: int('rune_type').notNull(),
    isSoulbound: boolean('is_soulbound').notNull(),
    veraId: uint('vera_id').notNull(),
    createdBlock: uint('created_block').notNull(),
  }),
  'Amulets, their owner and the vera wearing each.',
  {
    id: 'amulet id',
    characterId: 'the owner (joins character.id)',
    rarity: 'rarity 1..5',
    runeType: 'main rune 1..3 (joins main_rune.id)',
    isSoulbound: 'soulbound amulets cannot leave their owner',
    veraId: 'vera wearing it (joins vera.id); 0 when none',
    createdBlock: 'block it was created in',
  },
);

export const lootBox = documented(
  items,
  pgTable('loot_box', {
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
  }),
  'Lootboxes from creation through claim (chest slot and timer) to opening.',
  {
    id: 'lootbox id',
    characterId: 'the owner (joins character.id)',
    boxType: 'box type 1..3',
    species: 'species it yields (joins species.id); 0 when rolled at opening',
    rune: 'main rune it yields (joins main_rune.id); 0 when rolled at opening',
    isSoulbound: 'soulbound boxes cannot leave their owner',
    status: 'stash | claimed | consumed',
    slot: 'chest slot while claimed; null otherwise',
    endTimestamp: 'when a claimed box may be opened, unix seconds; null before the claim',
    spedUp: 'whether the timer was skipped with onyx; null before the claim',
    onyxPaid: 'onyx paid to speed it up; null before the claim',
    createdBlock: 'block it was created in',
  },
);

export const bankLock = documented(
  bank,
  pgTable(
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
  ),
  'Bank vault lock slots (0..2) per character: the latest lock in each slot.',
  {
    characterId: 'the saver (joins character.id)',
    lockIndex: 'slot 0..2 (joins bank_lock_duration.lock_index)',
    runix: 'runix locked',
    lockDate: 'lock time, unix seconds',
    unlockDate: 'earliest unlock time, unix seconds',
    runixReward: 'runix reward at unlock',
    onyxReward: 'onyx reward at unlock',
    milestoneId: 'bank milestone when locked',
    status: 'locked | unlocked',
    unlockedAt: 'unlock time, unix seconds; null while locked',
  },
);

export const bankProgress = documented(
  bank,
  pgTable('bank_progress', {
    characterId: uint('character_id').primaryKey(),
    milestoneId: int('milestone_id').notNull(),
    earningsToDate: uint('earnings_to_date').notNull(),
    nextMilestoneThreshold: uint('next_milestone_threshold').notNull(),
    updatedBlock: uint('updated_block').notNull(),
  }),
  'Bank progression per character.',
  {
    characterId: 'the saver (joins character.id)',
    milestoneId: 'milestone reached',
    earningsToDate: 'runix earned from the bank so far',
    nextMilestoneThreshold: 'earnings the next milestone needs',
  },
);

export const bankLockDuration = documented(
  bank,
  pgTable('bank_lock_duration', {
    lockIndex: int('lock_index').primaryKey(),
    durationSeconds: uint('duration_seconds').notNull(),
    updatedBlock: uint('updated_block').notNull(),
  }),
  'Lock duration of each bank slot, as admins set it.',
  { lockIndex: 'slot 0..2', durationSeconds: 'how long a lock in this slot lasts, seconds' },
);

export const shopItem = documented(
  shop,
  pgTable(
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
  ),
  'Shop stock and prices.',
  {
    shopId: 'shop id',
    itemId: 'item id',
    quantity: 'units in stock',
    runixCost: 'price in runix',
    isPurchasable: 'whether players may buy it',
    isSellable: 'whether players may sell it',
  },
);

export const shopTrade = documented(
  shop,
  pgTable('shop_trade', {
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
  }),
  'Every shop transaction: what was sold and bought and the runix that moved.',
  {
    id: eventId,
    characterId: 'the trading character (joins character.id)',
    shopId: 'shop id',
    sold: 'items sold: [{ itemId, quantity }] with numbers as strings',
    bought: 'items bought: [{ itemId, quantity }] with numbers as strings',
    runixPaid: 'runix the character paid',
    runixReceived: 'runix the character received',
  },
);

export const shopReputation = documented(
  shop,
  pgTable(
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
  ),
  'Shop reputation per character per shop.',
  {
    characterId: 'the character (joins character.id)',
    shopId: 'shop id',
    runixInvested: 'runix spent in this shop so far',
    milestone: 'reputation milestone reached',
    buyingPower: 'discount earned on purchases',
    sellingPower: 'bonus earned on sales',
    nextMilestoneRequirement: 'runix the next milestone needs',
  },
);

/** Inventories, currencies, amulets, lootboxes, the bank and the shops. */
import { index, onchainTable, primaryKey } from 'ponder';
import { documented, timeOf } from '../docs.ts';
import { instant } from './columns.ts';

const items = 'Inventory and items';
const bank = 'Bank';
const shop = 'Shops';
const eventId = 'event id: the chain checkpoint of the event; sorting by it is chain order';

export const inventory = documented(
  items,
  onchainTable('inventory', (t) => ({
    characterId: t.bigint().primaryKey(),
    runix: t.bigint().notNull(),
    onyx: t.bigint().notNull(),
    lootBoxSlots: t.integer(),
    beltSlots: t.integer(),
    beltUsed: t.integer().notNull(),
    updatedBlock: t.bigint().notNull(),
  })),
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
  onchainTable(
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
      blockTime: t.timestamp(instant).notNull(),
      txHash: t.hex().notNull(),
    }),
    (table) => ({ characterIdx: index().on(table.characterId, table.currency) }),
  ),
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
  onchainTable(
    'inventory_item',
    (t) => ({
      characterId: t.bigint().notNull(),
      itemId: t.int8({ mode: 'number' }).notNull(),
      quantity: t.bigint().notNull(),
      updatedBlock: t.bigint().notNull(),
    }),
    (table) => ({ pk: primaryKey({ columns: [table.characterId, table.itemId] }) }),
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
  onchainTable(
    'belt_item',
    (t) => ({
      characterId: t.bigint().notNull(),
      itemId: t.int8({ mode: 'number' }).notNull(),
      slots: t.integer().notNull(),
    }),
    (table) => ({ pk: primaryKey({ columns: [table.characterId, table.itemId] }) }),
  ),
  'Items on a character’s belt and the slots each takes.',
  { characterId: 'the holder (joins character.id)', itemId: 'item id', slots: 'belt slots it takes' },
);

export const amulet = documented(
  items,
  onchainTable(
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
  ),
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
  onchainTable(
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
      endTime: t.timestamp(instant),
      spedUp: t.boolean(),
      onyxPaid: t.bigint(),
      createdBlock: t.bigint().notNull(),
    }),
    (table) => ({ characterIdx: index().on(table.characterId, table.status) }),
  ),
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
    endTime: timeOf('end_timestamp', 'also null past year 275760, beyond a timestamp'),
    spedUp: 'whether the timer was skipped with onyx; null before the claim',
    onyxPaid: 'onyx paid to speed it up; null before the claim',
    createdBlock: 'block it was created in',
  },
);

export const bankLock = documented(
  bank,
  onchainTable(
    'bank_lock',
    (t) => ({
      characterId: t.bigint().notNull(),
      lockIndex: t.integer().notNull(),
      runix: t.bigint().notNull(),
      lockDate: t.bigint().notNull(),
      lockTime: t.timestamp(instant).notNull(),
      unlockDate: t.bigint().notNull(),
      unlockTime: t.timestamp(instant),
      runixReward: t.bigint().notNull(),
      onyxReward: t.bigint().notNull(),
      milestoneId: t.integer().notNull(),
      status: t.text().notNull(),
      unlockedAt: t.bigint(),
      unlockedTime: t.timestamp(instant),
      updatedBlock: t.bigint().notNull(),
    }),
    (table) => ({ pk: primaryKey({ columns: [table.characterId, table.lockIndex] }) }),
  ),
  'Bank vault lock slots (0..2) per character: the latest lock in each slot.',
  {
    characterId: 'the saver (joins character.id)',
    lockIndex: 'slot 0..2 (joins bank_lock_duration.lock_index)',
    runix: 'runix locked',
    lockDate: 'lock time, unix seconds',
    lockTime: timeOf('lock_date'),
    unlockDate: 'earliest unlock time, unix seconds',
    unlockTime: timeOf(
      'unlock_date',
      'null past year 275760 (a lock duration set that far out), beyond a timestamp',
    ),
    runixReward: 'runix reward at unlock',
    onyxReward: 'onyx reward at unlock',
    milestoneId: 'bank milestone when locked',
    status: 'locked | unlocked',
    unlockedAt: 'unlock time, unix seconds; null while locked',
    unlockedTime: timeOf('unlocked_at'),
  },
);

export const bankProgress = documented(
  bank,
  onchainTable('bank_progress', (t) => ({
    characterId: t.bigint().primaryKey(),
    milestoneId: t.integer().notNull(),
    earningsToDate: t.bigint().notNull(),
    nextMilestoneThreshold: t.bigint().notNull(),
    updatedBlock: t.bigint().notNull(),
  })),
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
  onchainTable('bank_lock_duration', (t) => ({
    lockIndex: t.integer().primaryKey(),
    durationSeconds: t.bigint().notNull(),
    updatedBlock: t.bigint().notNull(),
  })),
  'Lock duration of each bank slot, as admins set it.',
  { lockIndex: 'slot 0..2', durationSeconds: 'how long a lock in this slot lasts, seconds' },
);

export const shopItem = documented(
  shop,
  onchainTable(
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
  onchainTable(
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
      blockTime: t.timestamp(instant).notNull(),
      txHash: t.hex().notNull(),
    }),
    (table) => ({ characterIdx: index().on(table.characterId), shopIdx: index().on(table.shopId) }),
  ),
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
  onchainTable(
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

import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { hex, int, uint } from '../columns.ts';
import { documented } from '../docs.ts';

const subject = 'Admin audit, activity and lookups';

export const adminGrant = documented(
  subject,
  pgTable('admin_grant', {
    id: text('id').primaryKey(),
    admin: hex('admin').notNull(),
    kind: int('kind').notNull(),
    kindName: text('kind_name').notNull(),
    target: uint('target').notNull(),
    targetCharacterId: uint('target_character_id'),
    subjectId: uint('subject_id').notNull(),
    amount: uint('amount').notNull(),
    contract: text('contract').notNull(),
    blockNumber: uint('block_number').notNull(),
    timestamp: uint('timestamp').notNull(),
    txHash: hex('tx_hash').notNull(),
  }),
  'Every AdminGranted event from any contract: which admin granted what to whom, when, in which transaction.',
  {
    id: 'event id: the chain checkpoint of the event; sorting by it is chain order',
    admin: 'address of the admin who sent the grant (joins account.address)',
    kind: 'what was granted: 1 amulet, 2 experience, 3 item, 4 lootbox, 5 onyx, 6 runix, 7 vera, 8 wisp experience (labels in code_label, code_set grant_kind)',
    kindName: 'label of kind, e.g. runix',
    target:
      'id the grant went to as the contract saw it: a character id, a vera id for experience, a clan id for wisp experience',
    targetCharacterId:
      'the character that received the grant (for experience the vera owner’s character; null for wisp experience); joins character.id',
    subjectId:
      'what was created or granted: the item, amulet, lootbox or vera id (0 for currencies and experience)',
    amount: 'quantity granted: runix, onyx, item count or experience points (1 for single things)',
    contract: 'contract that emitted the event: Inventory, Veras or Clans',
  },
);

export const adminAction = documented(
  subject,
  pgTable('admin_action', {
    id: text('id').primaryKey(),
    admin: hex('admin').notNull(),
    action: text('action').notNull(),
    detail: jsonb('detail').notNull(),
    blockNumber: uint('block_number').notNull(),
    timestamp: uint('timestamp').notNull(),
    txHash: hex('tx_hash').notNull(),
  }),
  'Admin actions other than grants and role changes: clan approvals, shop reprices and restocks, bank lock durations, battle type switches, version updates.',
  {
    id: 'event id: the chain checkpoint of the event; sorting by it is chain order',
    admin: 'address of the admin who acted (joins account.address)',
    action: 'clan_status | shop_reprice | shop_restock | lock_duration | battle_type | version',
    detail:
      'what changed, numbers as strings: clan_status {clanId, status}; shop_reprice {shopId, itemId, oldCost, newCost}; shop_restock {shopId, itemId, added, quantityAfter}; lock_duration {lockIndex, durationSeconds}; battle_type {battleType, enabled}; version {version}',
  },
);

export const activity = documented(
  subject,
  pgTable('activity', {
    cursor: text('cursor').primaryKey(),
    blockNumber: uint('block_number').notNull(),
    logIndex: int('log_index').notNull(),
    timestamp: uint('timestamp').notNull(),
    txHash: hex('tx_hash').notNull(),
    type: text('type').notNull(),
    event: text('event').notNull(),
    account: hex('account'),
    characterId: uint('character_id'),
    otherCharacterId: uint('other_character_id'),
    subjectId: uint('subject_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  }),
  'Every indexed game event as one row, totally ordered by cursor; the live stream replays it.',
  {
    cursor: 'block number (20 digits), a dash and log index (6 digits): sorts in chain order',
    type: 'mint | battle | clan | bank | shop | grant | character | vera | role | inventory | admin',
    event: 'contract event name, e.g. VeraMinted',
    account: 'the account that acted, or the owner concerned',
    characterId: 'the character that acted or is concerned (joins character.id)',
    otherCharacterId: 'the other character involved: opponent, inviter, recipient',
    subjectId: 'the thing acted on: vera, clan, battle or lootbox id, by event',
    payload: 'small display payload of the event (numbers as strings)',
  },
);

export const species = documented(
  subject,
  pgTable('species', {
    id: int('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    trait: text('trait').notNull(),
  }),
  'Lookup: the vera species 0..8 (0 is the NPC vera).',
  {
    id: 'species id as stored in vera.species',
    name: 'display name, e.g. Bjorn',
    slug: 'lower-case name used in image paths',
    trait: 'what the species is known for',
  },
);

export const mainRune = documented(
  subject,
  pgTable('main_rune', { id: int('id').primaryKey(), name: text('name').notNull() }),
  'Lookup: the main runes 1..3.',
  { id: 'rune id as stored in vera.main_rune', name: 'Sun, Nature or Hail' },
);

export const subRune = documented(
  subject,
  pgTable('sub_rune', {
    id: int('id').primaryKey(),
    name: text('name').notNull(),
    stat: text('stat').notNull(),
  }),
  'Lookup: the sub-runes 1..6 and the stat each reduces by 2 in the public stats.',
  { id: 'sub-rune id as stored in vera.sub_rune', name: 'display name', stat: 'the stat it names' },
);

export const personality = documented(
  subject,
  pgTable('personality', { id: int('id').primaryKey(), name: text('name').notNull() }),
  'Lookup: the personalities 1..3.',
  { id: 'personality id as stored in vera.personality', name: 'Shy, Serious or Aggressive' },
);

export const ability = documented(
  subject,
  pgTable('ability', {
    id: int('id').primaryKey(),
    name: text('name').notNull(),
    species: int('species'),
    rune: int('rune'),
    description: text('description').notNull(),
  }),
  'Lookup: the abilities 1..35.',
  {
    id: 'ability id as stored in vera.abilities and vera_ability.ability_id',
    name: 'display name',
    species: 'species that learns it (joins species.id); null for the rune abilities',
    rune: 'main rune of a rune ability (joins main_rune.id); null otherwise',
    description: 'what the ability does',
  },
);

export const codeLabel = documented(
  subject,
  pgTable('code_label', {
    id: text('id').primaryKey(),
    codeSet: text('code_set').notNull(),
    code: int('code').notNull(),
    label: text('label').notNull(),
  }),
  'Lookup: labels of the small integer codes used across the index.',
  {
    id: 'code_set, a colon and code',
    codeSet: 'battle_type | clan_status | clan_rank | grant_kind | role | vera_origin',
    code: 'the integer stored in the other tables',
    label: 'its display label',
  },
);

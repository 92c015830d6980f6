import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { hex, int, uint } from '../columns.ts';

/** Every AdminGranted: admin, kind (1 amulet .. 8 wisp experience), target, what, tx, block, time. */
export const adminGrant = pgTable('admin_grant', {
  id: text('id').primaryKey(),
  admin: hex('admin').notNull(),
  kind: int('kind').notNull(),
  kindName: text('kind_name').notNull(),
  target: uint('target').notNull(),
  subjectId: uint('subject_id').notNull(),
  amount: uint('amount').notNull(),
  contract: text('contract').notNull(),
  blockNumber: uint('block_number').notNull(),
  timestamp: uint('timestamp').notNull(),
  txHash: hex('tx_hash').notNull(),
});

/** Other admin actions: clan_status, shop_reprice, shop_restock, lock_duration, battle_type, version. */
export const adminAction = pgTable('admin_action', {
  id: text('id').primaryKey(),
  admin: hex('admin').notNull(),
  action: text('action').notNull(),
  detail: jsonb('detail').notNull(),
  blockNumber: uint('block_number').notNull(),
  timestamp: uint('timestamp').notNull(),
  txHash: hex('tx_hash').notNull(),
});

/** Every game event as one row, ordered by `cursor` (@skald/game encodeCursor). The live stream replays it. */
export const activity = pgTable('activity', {
  cursor: text('cursor').primaryKey(),
  blockNumber: uint('block_number').notNull(),
  logIndex: int('log_index').notNull(),
  timestamp: uint('timestamp').notNull(),
  txHash: hex('tx_hash').notNull(),
  /** mint | battle | clan | bank | shop | grant | character | vera | role | inventory | admin */
  type: text('type').notNull(),
  event: text('event').notNull(),
  account: hex('account'),
  characterId: uint('character_id'),
  otherCharacterId: uint('other_character_id'),
  subjectId: uint('subject_id'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
});

/** Lookup: species 0..8. */
export const species = pgTable('species', {
  id: int('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  trait: text('trait').notNull(),
});

/** Lookup: main runes 1..3. */
export const mainRune = pgTable('main_rune', { id: int('id').primaryKey(), name: text('name').notNull() });

/** Lookup: sub-runes 1..6 and their stat. */
export const subRune = pgTable('sub_rune', {
  id: int('id').primaryKey(),
  name: text('name').notNull(),
  stat: text('stat').notNull(),
});

/** Lookup: personalities 1..3. */
export const personality = pgTable('personality', {
  id: int('id').primaryKey(),
  name: text('name').notNull(),
});

/** Lookup: abilities 1..35 (species null for rune abilities). */
export const ability = pgTable('ability', {
  id: int('id').primaryKey(),
  name: text('name').notNull(),
  species: int('species'),
  rune: int('rune'),
  description: text('description').notNull(),
});

/** Lookup: code labels by set (battle_type, clan_status, clan_rank, grant_kind, role, vera_origin). */
export const codeLabel = pgTable('code_label', {
  id: text('id').primaryKey(),
  codeSet: text('code_set').notNull(),
  code: int('code').notNull(),
  label: text('label').notNull(),
});

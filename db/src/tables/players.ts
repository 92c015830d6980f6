import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { hex, int, uint } from '../columns.ts';

/** One row per address seen by the game: the player record (characterId, name, role, main account). */
export const account = pgTable('account', {
  address: hex('address').primaryKey(),
  characterId: uint('character_id').notNull(),
  name: text('name').notNull(),
  mainAccount: hex('main_account').notNull(),
  isAdmin: boolean('is_admin').notNull(),
  role: int('role').notNull(),
  updatedBlock: uint('updated_block').notNull(),
});

/** Link requests between a main and a play account; status requested | active | declined | cancelled | revoked. */
export const accountLink = pgTable(
  'account_link',
  {
    mainAccount: hex('main_account').notNull(),
    playAccount: hex('play_account').notNull(),
    status: text('status').notNull(),
    isPending: boolean('is_pending').notNull(),
    requestedAt: uint('requested_at').notNull(),
    updatedAt: uint('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mainAccount, t.playAccount] })],
);

/** Characters (vikings): creation attributes, state (0 onboarding, 1 active), current clan (0 none). */
export const character = pgTable('character', {
  id: uint('id').primaryKey(),
  account: hex('account').notNull(),
  name: text('name').notNull(),
  referrer: hex('referrer').notNull(),
  state: int('state').notNull(),
  clanId: uint('clan_id').notNull(),
  starterSpecies: int('starter_species').notNull(),
  starterRune: int('starter_rune').notNull(),
  bodyType: int('body_type').notNull(),
  eyeColorMain: int('eye_color_main').notNull(),
  eyeColorSecondary: int('eye_color_secondary').notNull(),
  hairColor: int('hair_color').notNull(),
  hairType: int('hair_type').notNull(),
  skinColor: int('skin_color').notNull(),
  accessoryColor: int('accessory_color').notNull(),
  accessoryMainType: int('accessory_main_type').notNull(),
  accessorySecondaryType: int('accessory_secondary_type').notNull(),
  leatherColor: int('leather_color').notNull(),
  pantsColor: int('pants_color').notNull(),
  shirtColor: int('shirt_color').notNull(),
  stitchesColor: int('stitches_color').notNull(),
  registeredAt: uint('registered_at').notNull(),
  lastLoginAt: uint('last_login_at'),
  createdBlock: uint('created_block').notNull(),
  createdTx: hex('created_tx').notNull(),
});

/** Roles currently held: one row per (account, role); 1 admin, 2 game. */
export const roleMember = pgTable(
  'role_member',
  {
    account: hex('account').notNull(),
    role: int('role').notNull(),
    grantedBy: hex('granted_by').notNull(),
    grantedBlock: uint('granted_block').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.role] })],
);

/** Every role grant and revocation. */
export const roleChange = pgTable('role_change', {
  id: text('id').primaryKey(),
  account: hex('account').notNull(),
  role: int('role').notNull(),
  granted: boolean('granted').notNull(),
  admin: hex('admin').notNull(),
  blockNumber: uint('block_number').notNull(),
  timestamp: uint('timestamp').notNull(),
  txHash: hex('tx_hash').notNull(),
});

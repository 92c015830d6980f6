import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { hex, int, uint } from '../columns.ts';
import { documented } from '../docs.ts';

const subject = 'Players and roles';

export const account = documented(
  subject,
  pgTable('account', {
    address: hex('address').primaryKey(),
    characterId: uint('character_id').notNull(),
    name: text('name').notNull(),
    mainAccount: hex('main_account').notNull(),
    isAdmin: boolean('is_admin').notNull(),
    role: int('role').notNull(),
    updatedBlock: uint('updated_block').notNull(),
  }),
  'One row per address the game has seen: the player record (selected character, name, main account, role).',
  {
    address: 'the account’s address, lower case',
    characterId: 'the selected character (joins character.id); 0 when none',
    name: 'the selected character’s name; empty when none',
    mainAccount: 'the account this one plays for: itself unless an active link makes it a play account',
    isAdmin: 'whether the account holds the admin role',
    role: 'highest role held (IRoles.getPlayerRole): 0 none, 1 admin, 2 game',
  },
);

export const accountLink = documented(
  subject,
  pgTable(
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
  ),
  'Link requests between a main account and a play account, with what became of each.',
  {
    mainAccount: 'the main account (joins account.address)',
    playAccount: 'the play account acting on its behalf (joins account.address)',
    status: 'requested | active | declined | cancelled | revoked',
    isPending: 'true while the request awaits an answer',
    requestedAt: 'when the link was requested, unix seconds',
    updatedAt: 'when the status last changed, unix seconds',
  },
);

export const character = documented(
  subject,
  pgTable('character', {
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
  }),
  'Characters (vikings): who owns each, its name, look, state and clan.',
  {
    id: 'character id (uint64), shown at /viking/{id}',
    account: 'the owning account (joins account.address)',
    name: 'the character’s name',
    referrer: 'account that referred the player (zero address when none)',
    state: '0 onboarding, 1 active',
    clanId: 'current clan (joins clan.id); 0 when none',
    starterSpecies: 'species of the starter vera chosen at creation (joins species.id)',
    starterRune: 'main rune of the starter vera (joins main_rune.id)',
    bodyType: 'appearance attribute (uint8)',
    eyeColorMain: 'appearance attribute (uint8)',
    eyeColorSecondary: 'appearance attribute (uint8)',
    hairColor: 'appearance attribute (uint8)',
    hairType: 'appearance attribute (uint8)',
    skinColor: 'appearance attribute (uint8)',
    accessoryColor: 'appearance attribute (uint8)',
    accessoryMainType: 'appearance attribute (uint8)',
    accessorySecondaryType: 'appearance attribute (uint8)',
    leatherColor: 'appearance attribute (uint8)',
    pantsColor: 'appearance attribute (uint8)',
    shirtColor: 'appearance attribute (uint8)',
    stitchesColor: 'appearance attribute (uint8)',
    registeredAt: 'registration time, unix seconds',
    lastLoginAt: 'last daily login, unix seconds; null before the first',
    createdBlock: 'block the character was created in',
    createdTx: 'transaction that created it',
  },
);

export const roleMember = documented(
  subject,
  pgTable(
    'role_member',
    {
      account: hex('account').notNull(),
      role: int('role').notNull(),
      grantedBy: hex('granted_by').notNull(),
      grantedBlock: uint('granted_block').notNull(),
    },
    (t) => [primaryKey({ columns: [t.account, t.role] })],
  ),
  'Roles held now: one row per account and role.',
  {
    account: 'the role holder (joins account.address)',
    role: '1 admin, 2 game (labels in code_label, code_set role)',
    grantedBy: 'admin who granted it',
    grantedBlock: 'block of the grant',
  },
);

export const roleChange = documented(
  subject,
  pgTable('role_change', {
    id: text('id').primaryKey(),
    account: hex('account').notNull(),
    role: int('role').notNull(),
    granted: boolean('granted').notNull(),
    admin: hex('admin').notNull(),
    blockNumber: uint('block_number').notNull(),
    timestamp: uint('timestamp').notNull(),
    txHash: hex('tx_hash').notNull(),
  }),
  'Every role grant and revocation, in chain order.',
  {
    id: 'event id: the chain checkpoint of the event; sorting by it is chain order',
    account: 'the account whose role changed (joins account.address)',
    role: '1 admin, 2 game',
    granted: 'true for a grant, false for a revocation',
    admin: 'admin who made the change',
  },
);

/** Accounts, characters, account links and roles: who plays and who administers. */
import { index, onchainTable, primaryKey } from 'ponder';
import { documented, timeOf } from '../docs.ts';
import { instant } from './columns.ts';

const subject = 'Players and roles';

export const account = documented(
  subject,
  onchainTable(
    'account',
    (t) => ({
      address: t.hex().primaryKey(),
      characterId: t.bigint().notNull(),
      name: t.text().notNull(),
      mainAccount: t.hex().notNull(),
      isAdmin: t.boolean().notNull(),
      role: t.integer().notNull(),
      updatedBlock: t.bigint().notNull(),
    }),
    (table) => ({ characterIdx: index().on(table.characterId) }),
  ),
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
  onchainTable(
    'account_link',
    (t) => ({
      mainAccount: t.hex().notNull(),
      playAccount: t.hex().notNull(),
      status: t.text().notNull(),
      isPending: t.boolean().notNull(),
      requestedAt: t.bigint().notNull(),
      requestedTime: t.timestamp(instant).notNull(),
      updatedAt: t.bigint().notNull(),
      updatedTime: t.timestamp(instant).notNull(),
    }),
    (table) => ({
      pk: primaryKey({ columns: [table.mainAccount, table.playAccount] }),
      playIdx: index().on(table.playAccount),
    }),
  ),
  'Link requests between a main account and a play account, with what became of each.',
  {
    mainAccount: 'the main account (joins account.address)',
    playAccount: 'the play account acting on its behalf (joins account.address)',
    status: 'requested | active | declined | cancelled | revoked',
    isPending: 'true while the request awaits an answer',
    requestedAt: 'when the link was requested, unix seconds',
    requestedTime: timeOf('requested_at'),
    updatedAt: 'when the status last changed, unix seconds',
    updatedTime: timeOf('updated_at'),
  },
);

export const character = documented(
  subject,
  onchainTable(
    'character',
    (t) => ({
      id: t.bigint().primaryKey(),
      account: t.hex().notNull(),
      name: t.text().notNull(),
      referrer: t.hex().notNull(),
      state: t.integer().notNull(),
      clanId: t.bigint().notNull(),
      starterSpecies: t.integer().notNull(),
      starterRune: t.integer().notNull(),
      bodyType: t.integer().notNull(),
      eyeColorMain: t.integer().notNull(),
      eyeColorSecondary: t.integer().notNull(),
      hairColor: t.integer().notNull(),
      hairType: t.integer().notNull(),
      skinColor: t.integer().notNull(),
      accessoryColor: t.integer().notNull(),
      accessoryMainType: t.integer().notNull(),
      accessorySecondaryType: t.integer().notNull(),
      leatherColor: t.integer().notNull(),
      pantsColor: t.integer().notNull(),
      shirtColor: t.integer().notNull(),
      stitchesColor: t.integer().notNull(),
      registeredAt: t.bigint().notNull(),
      registeredTime: t.timestamp(instant).notNull(),
      lastLoginAt: t.bigint(),
      lastLoginTime: t.timestamp(instant),
      createdBlock: t.bigint().notNull(),
      createdTx: t.hex().notNull(),
    }),
    (table) => ({ accountIdx: index().on(table.account), clanIdx: index().on(table.clanId) }),
  ),
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
    registeredTime: timeOf('registered_at'),
    lastLoginAt: 'last daily login, unix seconds; null before the first',
    lastLoginTime: timeOf('last_login_at'),
    createdBlock: 'block the character was created in',
    createdTx: 'transaction that created it',
  },
);

export const roleMember = documented(
  subject,
  onchainTable(
    'role_member',
    (t) => ({
      account: t.hex().notNull(),
      role: t.integer().notNull(),
      grantedBy: t.hex().notNull(),
      grantedBlock: t.bigint().notNull(),
    }),
    (table) => ({ pk: primaryKey({ columns: [table.account, table.role] }) }),
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
  onchainTable(
    'role_change',
    (t) => ({
      id: t.text().primaryKey(),
      account: t.hex().notNull(),
      role: t.integer().notNull(),
      granted: t.boolean().notNull(),
      admin: t.hex().notNull(),
      blockNumber: t.bigint().notNull(),
      timestamp: t.bigint().notNull(),
      blockTime: t.timestamp(instant).notNull(),
      txHash: t.hex().notNull(),
    }),
    (table) => ({ accountIdx: index().on(table.account) }),
  ),
  'Every role grant and revocation, in chain order.',
  {
    id: 'event id: the chain checkpoint of the event; sorting by it is chain order',
    account: 'the account whose role changed (joins account.address)',
    role: '1 admin, 2 game',
    granted: 'true for a grant, false for a revocation',
    admin: 'admin who made the change',
  },
);

/** Accounts, characters, account links and roles: who plays and who administers. */
import { index, onchainTable, primaryKey } from 'ponder';

/** One row per address seen by the game: the player record of the product spec (section 3). */
export const account = onchainTable(
  'account',
  (t) => ({
    address: t.hex().primaryKey(),
    /** the selected character (0 when none) */
    characterId: t.bigint().notNull(),
    /** the selected character's name ('' when none) */
    name: t.text().notNull(),
    /** the account this one plays for: itself unless an active link makes it a play account */
    mainAccount: t.hex().notNull(),
    isAdmin: t.boolean().notNull(),
    /** highest role held (IRoles.getPlayerRole): 0 none, 1 admin, 2 game */
    role: t.integer().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({ characterIdx: index().on(table.characterId) }),
);

/** Link requests between a main account and a play account, with their current status. */
export const accountLink = onchainTable(
  'account_link',
  (t) => ({
    mainAccount: t.hex().notNull(),
    playAccount: t.hex().notNull(),
    /** requested | active | declined | cancelled | revoked */
    status: t.text().notNull(),
    isPending: t.boolean().notNull(),
    requestedAt: t.bigint().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.mainAccount, table.playAccount] }),
    playIdx: index().on(table.playAccount),
  }),
);

/** Characters (vikings) with their creation attributes and current state. */
export const character = onchainTable(
  'character',
  (t) => ({
    id: t.bigint().primaryKey(),
    account: t.hex().notNull(),
    name: t.text().notNull(),
    referrer: t.hex().notNull(),
    /** 0 onboarding, 1 active */
    state: t.integer().notNull(),
    /** current clan, 0 when none */
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
    lastLoginAt: t.bigint(),
    createdBlock: t.bigint().notNull(),
    createdTx: t.hex().notNull(),
  }),
  (table) => ({ accountIdx: index().on(table.account), clanIdx: index().on(table.clanId) }),
);

/** Roles currently held (IRoles): one row per (account, role). */
export const roleMember = onchainTable(
  'role_member',
  (t) => ({
    account: t.hex().notNull(),
    role: t.integer().notNull(),
    grantedBy: t.hex().notNull(),
    grantedBlock: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.account, table.role] }) }),
);

/** Every role grant and revocation, in chain order. */
export const roleChange = onchainTable(
  'role_change',
  (t) => ({
    id: t.text().primaryKey(),
    account: t.hex().notNull(),
    role: t.integer().notNull(),
    granted: t.boolean().notNull(),
    admin: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ accountIdx: index().on(table.account) }),
);

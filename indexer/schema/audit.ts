/** The admin audit trail, the activity feed and the lookup tables for analysts. */
import { index, onchainTable } from 'ponder';

/** Every AdminGranted event from any contract: admin, target, what, tx, block, time. */
export const adminGrant = onchainTable(
  'admin_grant',
  (t) => ({
    id: t.text().primaryKey(),
    admin: t.hex().notNull(),
    /** 1 amulet, 2 experience, 3 item, 4 lootbox, 5 onyx, 6 runix, 7 vera, 8 wisp experience */
    kind: t.integer().notNull(),
    kindName: t.text().notNull(),
    /** characterId (veraId for experience, clanId for wisp experience) */
    target: t.bigint().notNull(),
    subjectId: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    contract: t.text().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ adminIdx: index().on(table.admin), kindIdx: index().on(table.kind) }),
);

/** Other admin actions: clan approvals, shop reprice/restock, lock durations, battle types, versions. */
export const adminAction = onchainTable(
  'admin_action',
  (t) => ({
    id: t.text().primaryKey(),
    admin: t.hex().notNull(),
    action: t.text().notNull(),
    detail: t.jsonb().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ adminIdx: index().on(table.admin) }),
);

/**
 * Every game event as one row, totally ordered by `cursor` (@skald/game encodeCursor over block number and
 * log index). The gateway's live stream replays it.
 */
export const activity = onchainTable(
  'activity',
  (t) => ({
    cursor: t.text().primaryKey(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    /** mint | battle | clan | bank | shop | grant | character | vera | role | inventory | admin */
    type: t.text().notNull(),
    /** the contract event name, e.g. VeraMinted */
    event: t.text().notNull(),
    /** the account that acted (or the owner concerned) */
    account: t.hex(),
    /** the character that acted (or is concerned) */
    characterId: t.bigint(),
    /** the other character involved (opponent, inviter, recipient) */
    otherCharacterId: t.bigint(),
    /** the thing acted on: veraId, clanId, battleId, lootBoxId, ... */
    subjectId: t.bigint(),
    /** a small display payload (numbers as strings) */
    payload: t.jsonb().notNull(),
  }),
  (table) => ({
    typeIdx: index().on(table.type, table.cursor),
    characterIdx: index().on(table.characterId, table.cursor),
    accountIdx: index().on(table.account, table.cursor),
  }),
);

/** Lookup: species 0..8. */
export const species = onchainTable('species', (t) => ({
  id: t.integer().primaryKey(),
  name: t.text().notNull(),
  slug: t.text().notNull(),
  trait: t.text().notNull(),
}));

/** Lookup: main runes 1..3. */
export const mainRune = onchainTable('main_rune', (t) => ({
  id: t.integer().primaryKey(),
  name: t.text().notNull(),
}));

/** Lookup: sub-runes 1..6 and the stat each names. */
export const subRune = onchainTable('sub_rune', (t) => ({
  id: t.integer().primaryKey(),
  name: t.text().notNull(),
  stat: t.text().notNull(),
}));

/** Lookup: personalities 1..3. */
export const personality = onchainTable('personality', (t) => ({
  id: t.integer().primaryKey(),
  name: t.text().notNull(),
}));

/** Lookup: abilities 1..35; `species` is null for the main-rune abilities (then `rune` is set). */
export const ability = onchainTable('ability', (t) => ({
  id: t.integer().primaryKey(),
  name: t.text().notNull(),
  species: t.integer(),
  rune: t.integer(),
  description: t.text().notNull(),
}));

/** Lookup: small codes with labels (battle_type, clan_status, clan_rank, grant_kind, role, vera_origin). */
export const codeLabel = onchainTable('code_label', (t) => ({
  id: t.text().primaryKey(),
  codeSet: t.text().notNull(),
  code: t.integer().notNull(),
  label: t.text().notNull(),
}));

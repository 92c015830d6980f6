/** The admin audit trail, the activity feed and the lookup tables for analysts. */
import { index, onchainTable } from 'ponder';
import { documented } from '../docs.ts';
import { instant } from './columns.ts';

const subject = 'Admin audit, activity and lookups';

export const adminGrant = documented(
  subject,
  onchainTable(
    'admin_grant',
    (t) => ({
      id: t.text().primaryKey(),
      admin: t.hex().notNull(),
      kind: t.integer().notNull(),
      kindName: t.text().notNull(),
      target: t.bigint().notNull(),
      targetCharacterId: t.bigint(),
      subjectId: t.bigint().notNull(),
      amount: t.bigint().notNull(),
      contract: t.text().notNull(),
      blockNumber: t.bigint().notNull(),
      timestamp: t.bigint().notNull(),
      blockTime: t.timestamp(instant).notNull(),
      txHash: t.hex().notNull(),
    }),
    // the audit pages newest-first by id under each filter
    (table) => ({
      adminIdx: index().on(table.admin, table.id),
      kindIdx: index().on(table.kind, table.id),
      targetCharacterIdx: index().on(table.targetCharacterId, table.id),
      timestampIdx: index().on(table.timestamp),
    }),
  ),
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
  onchainTable(
    'admin_action',
    (t) => ({
      id: t.text().primaryKey(),
      admin: t.hex().notNull(),
      action: t.text().notNull(),
      detail: t.jsonb().notNull(),
      blockNumber: t.bigint().notNull(),
      timestamp: t.bigint().notNull(),
      blockTime: t.timestamp(instant).notNull(),
      txHash: t.hex().notNull(),
    }),
    (table) => ({ adminIdx: index().on(table.admin) }),
  ),
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
  onchainTable(
    'activity',
    (t) => ({
      cursor: t.text().primaryKey(),
      blockNumber: t.bigint().notNull(),
      logIndex: t.integer().notNull(),
      timestamp: t.bigint().notNull(),
      blockTime: t.timestamp(instant).notNull(),
      txHash: t.hex().notNull(),
      type: t.text().notNull(),
      event: t.text().notNull(),
      account: t.hex(),
      characterId: t.bigint(),
      otherCharacterId: t.bigint(),
      subjectId: t.bigint(),
      payload: t.jsonb().$type<Record<string, unknown>>().notNull(),
    }),
    (table) => ({
      typeIdx: index().on(table.type, table.cursor),
      characterIdx: index().on(table.characterId, table.cursor),
      accountIdx: index().on(table.account, table.cursor),
    }),
  ),
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
  onchainTable('species', (t) => ({
    id: t.integer().primaryKey(),
    name: t.text().notNull(),
    slug: t.text().notNull(),
    trait: t.text().notNull(),
    playable: t.boolean().notNull(),
  })),
  'Lookup: the vera species 0..8 (0 is the NPC vera; per-species figures usually want WHERE playable).',
  {
    id: 'species id as stored in vera.species',
    name: 'display name, e.g. Bjorn',
    slug: 'lower-case name used in image paths',
    trait: 'what the species is known for',
    playable:
      'false for the NPC vera (species 0), which no encounter, lootbox or starter yields (only an admin grant); true for 1..8',
  },
);

export const mainRune = documented(
  subject,
  onchainTable('main_rune', (t) => ({
    id: t.integer().primaryKey(),
    name: t.text().notNull(),
  })),
  'Lookup: the main runes 1..3.',
  { id: 'rune id as stored in vera.main_rune', name: 'Sun, Nature or Hail' },
);

export const subRune = documented(
  subject,
  onchainTable('sub_rune', (t) => ({
    id: t.integer().primaryKey(),
    name: t.text().notNull(),
    stat: t.text().notNull(),
  })),
  'Lookup: the sub-runes 1..6 and the stat each reduces by 2 in the public stats.',
  { id: 'sub-rune id as stored in vera.sub_rune', name: 'display name', stat: 'the stat it names' },
);

export const personality = documented(
  subject,
  onchainTable('personality', (t) => ({
    id: t.integer().primaryKey(),
    name: t.text().notNull(),
  })),
  'Lookup: the personalities 1..3.',
  { id: 'personality id as stored in vera.personality', name: 'Shy, Serious or Aggressive' },
);

export const ability = documented(
  subject,
  onchainTable('ability', (t) => ({
    id: t.integer().primaryKey(),
    name: t.text().notNull(),
    species: t.integer(),
    rune: t.integer(),
    description: t.text().notNull(),
  })),
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
  onchainTable('code_label', (t) => ({
    id: t.text().primaryKey(),
    codeSet: t.text().notNull(),
    code: t.integer().notNull(),
    label: t.text().notNull(),
  })),
  'Lookup: labels of the small integer codes used across the index.',
  {
    id: 'code_set, a colon and code',
    codeSet:
      'battle_type | battle_result (battle.result) | battle_action (battle_action.actions) | clan_status | clan_rank | grant_kind | role | vera_origin',
    code: 'the integer stored in the other tables',
    label: 'its display label',
  },
);

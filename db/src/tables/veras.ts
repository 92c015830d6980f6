/** Veras (the ERC-721 collection), their mints, transfers, abilities and trackers. */
import { index, onchainTable, primaryKey } from 'ponder';
import { documented, timeOf } from '../docs.ts';
import { instant } from './columns.ts';

const subject = 'Veras';
const innate = (stat: string) =>
  `innate (raw) ${stat}, 22..52; the public stat is this minus 20 (minus 2 more for the sub-rune’s stat)`;
const effective = (stat: string) => `effective ${stat}: innate plus allocated points`;

export const vera = documented(
  subject,
  onchainTable(
    'vera',
    (t) => ({
      id: t.bigint().primaryKey(),
      owner: t.hex().notNull(),
      characterId: t.bigint().notNull(),
      species: t.integer().notNull(),
      mainRune: t.integer().notNull(),
      subRune: t.integer().notNull(),
      personality: t.integer().notNull(),
      level: t.integer().notNull(),
      experience: t.integer().notNull(),
      unallocatedPoints: t.integer().notNull(),
      strength: t.integer().notNull(),
      dexterity: t.integer().notNull(),
      vitality: t.integer().notNull(),
      intellect: t.integer().notNull(),
      wisdom: t.integer().notNull(),
      charisma: t.integer().notNull(),
      effectiveStrength: t.integer().notNull(),
      effectiveDexterity: t.integer().notNull(),
      effectiveVitality: t.integer().notNull(),
      effectiveIntellect: t.integer().notNull(),
      effectiveWisdom: t.integer().notNull(),
      effectiveCharisma: t.integer().notNull(),
      abilities: t.integer().array().notNull(),
      wins: t.int8({ mode: 'number' }).notNull(),
      losses: t.int8({ mode: 'number' }).notNull(),
      ties: t.int8({ mode: 'number' }).notNull(),
      origin: t.integer().notNull(),
      mintMethod: t.text().notNull(),
      mintTx: t.hex().notNull(),
      mintedBlock: t.bigint().notNull(),
      mintedAt: t.bigint().notNull(),
      mintedTime: t.timestamp(instant).notNull(),
    }),
    (table) => ({
      ownerIdx: index().on(table.owner),
      characterIdx: index().on(table.characterId),
      speciesIdx: index().on(table.species),
    }),
  ),
  'Every vera (the ERC-721 collection) with its on-chain fields, its current owner and how it was minted.',
  {
    id: 'vera id (the token id), shown at /vera/{id}',
    owner: 'current owner’s address (joins account.address; account.character_id is the owner’s character)',
    characterId: 'the character it was minted for (joins character.id)',
    species: 'species id (joins species.id)',
    mainRune: 'main rune id (joins main_rune.id)',
    subRune: 'sub-rune id (joins sub_rune.id)',
    personality: 'personality id (joins personality.id)',
    level: 'current level',
    experience: 'experience points (uint24)',
    unallocatedPoints: 'stat points earned and not yet allocated',
    strength: innate('strength'),
    dexterity: innate('dexterity'),
    vitality: innate('vitality'),
    intellect: innate('intellect'),
    wisdom: innate('wisdom'),
    charisma: innate('charisma'),
    effectiveStrength: effective('strength'),
    effectiveDexterity: effective('dexterity'),
    effectiveVitality: effective('vitality'),
    effectiveIntellect: effective('intellect'),
    effectiveWisdom: effective('wisdom'),
    effectiveCharisma: effective('charisma'),
    abilities: 'ids of the abilities learned (join ability.id)',
    wins: 'battles won',
    losses: 'battles lost',
    ties: 'battles tied',
    origin: 'how the contract says it came to be: 1 encounter, 2 lootbox, 3 admin grant, 4 starter',
    mintMethod:
      'decoded from the mint transaction’s input: encounter | openLootBox | admin_grantVera | other',
    mintTx: 'transaction that minted it',
    mintedBlock: 'block it was minted in',
    mintedAt: 'mint time, unix seconds',
    mintedTime: timeOf('minted_at'),
  },
);

export const mint = documented(
  subject,
  onchainTable(
    'mint',
    (t) => ({
      veraId: t.bigint().primaryKey(),
      method: t.text().notNull(),
      selector: t.hex().notNull(),
      owner: t.hex().notNull(),
      characterId: t.bigint().notNull(),
      origin: t.integer().notNull(),
      species: t.integer().notNull(),
      txHash: t.hex().notNull(),
      txFrom: t.hex().notNull(),
      blockNumber: t.bigint().notNull(),
      logIndex: t.integer().notNull(),
      timestamp: t.bigint().notNull(),
      blockTime: t.timestamp(instant).notNull(),
    }),
    (table) => ({ methodIdx: index().on(table.method), blockIdx: index().on(table.blockNumber) }),
  ),
  'One row per vera mint, with the method decoded from the transaction input.',
  {
    veraId: 'the minted vera (joins vera.id)',
    method: 'encounter | openLootBox | admin_grantVera | other',
    selector: 'first 4 bytes of the transaction input',
    owner: 'address it was minted to',
    characterId: 'the character it was minted for (joins character.id)',
    origin: '1 encounter, 2 lootbox, 3 admin grant, 4 starter',
    species: 'species id (joins species.id)',
    txFrom: 'sender of the mint transaction',
  },
);

export const veraTransfer = documented(
  subject,
  onchainTable(
    'vera_transfer',
    (t) => ({
      id: t.text().primaryKey(),
      veraId: t.bigint().notNull(),
      from: t.hex().notNull(),
      to: t.hex().notNull(),
      blockNumber: t.bigint().notNull(),
      logIndex: t.integer().notNull(),
      timestamp: t.bigint().notNull(),
      blockTime: t.timestamp(instant).notNull(),
      txHash: t.hex().notNull(),
    }),
    (table) => ({ veraIdx: index().on(table.veraId), toIdx: index().on(table.to) }),
  ),
  'Every ERC-721 Transfer of a vera; mints come from the zero address.',
  {
    id: 'event id: the chain checkpoint of the event; sorting by it is chain order',
    veraId: 'the vera (joins vera.id)',
    from: 'previous owner (zero address for a mint)',
    to: 'new owner',
  },
);

export const veraAbility = documented(
  subject,
  onchainTable(
    'vera_ability',
    (t) => ({
      veraId: t.bigint().notNull(),
      abilityId: t.integer().notNull(),
      learnedBlock: t.bigint().notNull(),
    }),
    (table) => ({ pk: primaryKey({ columns: [table.veraId, table.abilityId] }) }),
  ),
  'Abilities each vera has learned, one row each.',
  {
    veraId: 'the vera (joins vera.id)',
    abilityId: 'the ability (joins ability.id)',
    learnedBlock: 'block it was learned in',
  },
);

export const veraTracker = documented(
  subject,
  onchainTable(
    'vera_tracker',
    (t) => ({
      characterId: t.bigint().notNull(),
      species: t.integer().notNull(),
      areaId: t.integer().notNull(),
      statIndex: t.integer().notNull(),
      minimumStatRarity: t.integer().notNull(),
      trackedBlock: t.bigint().notNull(),
    }),
    (table) => ({ pk: primaryKey({ columns: [table.characterId, table.species] }) }),
  ),
  'Vera trackers a character has set (IVeras.trackVera), one per species.',
  {
    characterId: 'the tracking character (joins character.id)',
    species: 'tracked species (joins species.id)',
    areaId: 'area where the species is tracked',
    statIndex: 'stat the tracker looks at',
    minimumStatRarity: 'minimum rarity of that stat',
    trackedBlock: 'block the tracker was set in',
  },
);

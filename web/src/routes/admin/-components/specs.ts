/**
 * The eleven admin actions (spec section 6) as data: the fields each form asks for and the contract call it
 * sends. Limits mirror the Solidity parameter types so an out-of-range value is refused before the wallet.
 */
import { BATTLE_TYPE_LABELS, MAIN_RUNES, PERSONALITIES, ROLE_LABELS, SPECIES, SUB_RUNES } from '@skald/game';
import { artPath } from '../../../art/paths.ts';
import type { AppConfig } from '../../../boot.ts';
import type { Field, FormValues } from '../../../components/forms/action-form.tsx';
import { call } from '../../../lib/contracts.ts';
import type { ContractCall } from '../../../tx/use-transactor.ts';

const U8 = 255n;
const U16 = 65_535n;
const U24 = 16_777_215n;
const U32 = 4_294_967_295n;
const U64 = 18_446_744_073_709_551_615n;

const character: Field = { name: 'characterId', label: 'Character', kind: 'target', target: 'character' };
const amount: Field = { name: 'amount', label: 'Amount', kind: 'uint', min: 1n, max: U64 };
const shopId: Field = { name: 'shopId', label: 'Shop id', kind: 'uint', min: 1n, max: U16, initial: '1' };
const itemId: Field = { name: 'itemId', label: 'Item id', kind: 'uint', min: 1n, max: U32 };

export type AdminSpec = {
  path: string;
  title: string;
  summary: string;
  fields: Field[];
  submit: string;
  build(config: AppConfig, v: FormValues): ContractCall;
};

const n = (v: FormValues, key: string) => Number(v[key]);

export const ADMIN_SPECS = {
  wisp: {
    path: '/admin/exp/wisp',
    title: 'Grant wisp experience',
    summary: 'Adds experience to a clan’s wisp.',
    fields: [{ name: 'clanId', label: 'Clan', kind: 'target', target: 'clan' }, amount],
    submit: 'Grant wisp experience',
    build: (c, v) => call(c, 'Clans', 'admin_grantWispExperience', [v.clanId, v.amount]),
  },
  experience: {
    path: '/admin/exp/grant',
    title: 'Grant vera experience',
    summary: 'Adds experience to one vera.',
    fields: [
      { name: 'veraId', label: 'Vera', kind: 'target', target: 'vera' },
      { name: 'amount', label: 'Experience', kind: 'uint', min: 1n, max: U24 },
    ],
    submit: 'Grant experience',
    build: (c, v) => call(c, 'Veras', 'admin_grantExperience', [v.veraId, n(v, 'amount')]),
  },
  item: {
    path: '/admin/items/grant',
    title: 'Grant items',
    summary: 'Puts items into a character’s inventory.',
    fields: [character, itemId, { name: 'quantity', label: 'Quantity', kind: 'uint', min: 1n, max: U64 }],
    submit: 'Grant items',
    build: (c, v) => call(c, 'Inventory', 'admin_grantItem', [v.characterId, n(v, 'itemId'), v.quantity]),
  },
  amulet: {
    path: '/admin/items/grant-amulet',
    title: 'Grant an amulet',
    summary: 'Creates an amulet (rarity 1–5, a main rune) for a character.',
    fields: [
      character,
      { name: 'rarity', label: 'Rarity (1–5)', kind: 'uint', min: 0n, max: U8, initial: '1' },
      {
        name: 'runeType',
        label: 'Rune',
        kind: 'select',
        options: MAIN_RUNES.map((r) => ({ value: String(r.id), label: r.name })),
      },
      { name: 'isSoulbound', label: 'Soulbound', kind: 'bool' },
    ],
    submit: 'Grant amulet',
    build: (c, v) =>
      call(c, 'Inventory', 'admin_grantAmulet', [
        v.characterId,
        n(v, 'rarity'),
        n(v, 'runeType'),
        v.isSoulbound,
      ]),
  },
  lootbox: {
    path: '/admin/items/grant-lootbox',
    title: 'Grant a lootbox',
    summary: 'Creates a lootbox; species and rune “rolled” are decided when it opens.',
    fields: [
      character,
      { name: 'boxType', label: 'Box type (1–3)', kind: 'uint', min: 1n, max: U8, initial: '1' },
      {
        name: 'species',
        label: 'Species',
        kind: 'select',
        options: [
          { value: '0', label: 'Rolled at opening' },
          ...SPECIES.filter((s) => s.id > 0).map((s) => ({ value: String(s.id), label: s.name })),
        ],
      },
      {
        name: 'rune',
        label: 'Rune',
        kind: 'select',
        options: [
          { value: '0', label: 'Rolled at opening' },
          ...MAIN_RUNES.map((r) => ({ value: String(r.id), label: r.name })),
        ],
      },
      { name: 'isSoulbound', label: 'Soulbound', kind: 'bool' },
    ],
    submit: 'Grant lootbox',
    build: (c, v) =>
      call(c, 'Inventory', 'admin_grantLootBox', [
        v.characterId,
        n(v, 'boxType'),
        n(v, 'species'),
        n(v, 'rune'),
        v.isSoulbound,
      ]),
  },
  vera: {
    path: '/admin/items/grant-vera',
    title: 'Grant a vera',
    summary: 'Mints a vera of the chosen species, runes and personality for a character.',
    fields: [
      character,
      {
        name: 'species',
        label: 'Species',
        kind: 'choice',
        options: SPECIES.filter((s) => s.id > 0).map((s) => ({
          value: String(s.id),
          label: s.name,
          hint: s.trait,
          image: artPath.species(s.id),
        })),
        initial: '1',
      },
      {
        name: 'mainRune',
        label: 'Main rune',
        kind: 'choice',
        options: MAIN_RUNES.map((r) => ({ value: String(r.id), label: r.name, image: artPath.rune(r.id) })),
        initial: '1',
      },
      {
        name: 'subRune',
        label: 'Sub-rune',
        kind: 'select',
        options: SUB_RUNES.map((r) => ({ value: String(r.id), label: `${r.id} · ${r.stat}` })),
      },
      {
        name: 'personality',
        label: 'Personality',
        kind: 'select',
        options: PERSONALITIES.map((p) => ({ value: String(p.id), label: p.name })),
      },
      { name: 'level', label: 'Level', kind: 'uint', min: 1n, max: U8, initial: '1' },
      { name: 'perfectStats', label: 'Perfect stats', kind: 'bool' },
    ],
    submit: 'Grant vera',
    build: (c, v) =>
      call(c, 'Veras', 'admin_grantVera', [
        v.characterId,
        n(v, 'species'),
        n(v, 'mainRune'),
        n(v, 'subRune'),
        n(v, 'personality'),
        n(v, 'level'),
        v.perfectStats,
      ]),
  },
  role: {
    path: '/admin/roles/grant',
    title: 'Grant or revoke a role',
    summary: 'Roles: admin (people who grant and approve) and game (Skald contracts).',
    fields: [
      { name: 'account', label: 'Account', kind: 'target', target: 'account' },
      {
        name: 'role',
        label: 'Role',
        kind: 'select',
        options: Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label })),
      },
      {
        name: 'action',
        label: 'Action',
        kind: 'select',
        options: [
          { value: 'grant', label: 'Grant' },
          { value: 'revoke', label: 'Revoke' },
        ],
      },
    ],
    submit: 'Send',
    build: (c, v) =>
      call(c, 'Roles', v.action === 'revoke' ? 'revokeRole' : 'grantRole', [v.account, n(v, 'role')]),
  },
  clan: {
    path: '/admin/clans/manage',
    title: 'Approve or decline a clan',
    summary: 'A founded clan waits as pending until an admin decides.',
    fields: [
      { name: 'clanId', label: 'Clan', kind: 'target', target: 'clan' },
      {
        name: 'decision',
        label: 'Decision',
        kind: 'select',
        options: [
          { value: 'approve', label: 'Approve' },
          { value: 'decline', label: 'Decline' },
        ],
      },
    ],
    submit: 'Send decision',
    build: (c, v) =>
      call(c, 'Clans', v.decision === 'decline' ? 'admin_declineClan' : 'admin_approveClan', [v.clanId]),
  },
  reprice: {
    path: '/admin/shop/reprice',
    title: 'Reprice a shop item',
    summary: 'Sets an item’s runix cost (creating it in the shop when missing).',
    fields: [shopId, itemId, { name: 'runixCost', label: 'Runix cost', kind: 'uint', min: 0n, max: U64 }],
    submit: 'Reprice',
    build: (c, v) => call(c, 'Shop', 'admin_repriceShop', [n(v, 'shopId'), n(v, 'itemId'), v.runixCost]),
  },
  restock: {
    path: '/admin/shop/restock',
    title: 'Restock a shop item',
    summary: 'Adds stock to an item.',
    fields: [shopId, itemId, { name: 'quantity', label: 'Quantity to add', kind: 'uint', min: 1n, max: U64 }],
    submit: 'Restock',
    build: (c, v) => call(c, 'Shop', 'admin_restockShop', [n(v, 'shopId'), n(v, 'itemId'), v.quantity]),
  },
  onyx: {
    path: '/admin/currency/grant-onyx',
    title: 'Grant onyx',
    summary: 'Credits onyx to a character.',
    fields: [character, amount],
    submit: 'Grant onyx',
    build: (c, v) => call(c, 'Inventory', 'admin_grantOnyx', [v.characterId, v.amount]),
  },
  runix: {
    path: '/admin/currency/grant-runix',
    title: 'Grant runix',
    summary: 'Credits runix to a character.',
    fields: [character, amount],
    submit: 'Grant runix',
    build: (c, v) => call(c, 'Inventory', 'admin_grantRunix', [v.characterId, v.amount]),
  },
  battleType: {
    path: '/admin/settings/battle-type',
    title: 'Enable or disable a battle type',
    summary: 'Players can only queue for enabled battle types.',
    fields: [
      {
        name: 'battleType',
        label: 'Battle type',
        kind: 'select',
        options: Object.entries(BATTLE_TYPE_LABELS).map(([value, label]) => ({ value, label })),
      },
      {
        name: 'enabled',
        label: 'Setting',
        kind: 'select',
        options: [
          { value: 'true', label: 'Enabled' },
          { value: 'false', label: 'Disabled' },
        ],
      },
    ],
    submit: 'Save',
    build: (c, v) => call(c, 'Battles', 'admin_setBattleType', [n(v, 'battleType'), v.enabled === 'true']),
  },
  lockDuration: {
    path: '/admin/settings/lock-duration',
    title: 'Set a bank lock duration',
    summary: 'How long runix stays locked in each bank slot.',
    fields: [
      {
        name: 'lockIndex',
        label: 'Bank slot',
        kind: 'select',
        options: [0, 1, 2].map((i) => ({ value: String(i), label: `Slot ${i + 1}` })),
      },
      { name: 'durationSeconds', label: 'Duration (seconds)', kind: 'uint', min: 1n, max: U64 },
    ],
    submit: 'Save',
    build: (c, v) => call(c, 'Bank', 'admin_setLockDuration', [n(v, 'lockIndex'), v.durationSeconds]),
  },
  version: {
    path: '/admin/settings/version',
    title: 'Update the version',
    summary: 'The game version the contracts report (Roles.version).',
    fields: [{ name: 'version', label: 'Version', kind: 'text', maxLength: 64 }],
    submit: 'Update version',
    build: (c, v) => call(c, 'Roles', 'setVersion', [v.version]),
  },
} satisfies Record<string, AdminSpec>;

export type AdminSpecKey = keyof typeof ADMIN_SPECS;

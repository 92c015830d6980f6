/**
 * The eleven admin actions (spec section 6) as data: the fields each form asks for and the contract call it
 * sends. Limits come from the ABI's parameter types (uintMax: each width is checked against the ABI at compile
 * time), so an out-of-range value is refused before the wallet, and every call's function name and arguments
 * are checked against the ABI at compile time.
 */
import { BATTLE_TYPE_LABELS, MAIN_RUNES, PERSONALITIES, ROLE_LABELS, SPECIES, SUB_RUNES } from '@skald/game';
import { artPath } from '../../../art/paths.ts';
import type { AppConfig } from '../../../boot.ts';
import type { Field, FormValues } from '../../../components/forms/action-form.tsx';
import { addressOf, bigintOf, boolOf, numberOf, textOf } from '../../../components/forms/values.ts';
import {
  type CallableContract,
  type ContractCall,
  call,
  type InputName,
  type InputType,
  type UintBits,
  uintMax,
  type WriteFunction,
} from '../../../lib/contracts.ts';

/** A uint field named after an input of `fn`, bounded by that input's width in the ABI (checked at compile time). */
function uintInput<C extends CallableContract, F extends WriteFunction<C>, I extends InputName<C, F>>(
  contract: C,
  fn: F,
  input: I,
  bits: UintBits<InputType<C, F, I>>,
  label: string,
  min: bigint,
  initial?: string,
): Field {
  return { name: input, label, kind: 'uint', min, max: uintMax(contract, fn, input, bits), initial };
}

const character: Field = { name: 'characterId', label: 'Character', kind: 'target', target: 'character' };
/** grantOnyx, grantRunix and grantWispExperience take the same uint64 amount */
const amount: Field = uintInput('Inventory', 'admin_grantRunix', 'amount', 64, 'Amount', 1n);
const itemId: Field = uintInput('Shop', 'admin_repriceShop', 'itemId', 32, 'Item id', 1n);
/**
 * The shop forms (shop-form.tsx) pick the shop and the item from lists by name; these bound the two ids typed
 * by hand when a reprice opens a new shop or prices an item the catalogue does not name. Their values reach
 * `build` as `shopId` and `itemId`.
 */
export const NEW_SHOP_ID: Field = uintInput('Shop', 'admin_repriceShop', 'shopId', 16, 'New shop id', 1n);
export const OTHER_ITEM_ID: Field = itemId;

export type AdminSpec = {
  path: string;
  title: string;
  summary: string;
  fields: Field[];
  submit: string;
  build(config: AppConfig, v: FormValues): ContractCall;
};

export const ADMIN_SPECS = {
  wisp: {
    path: '/admin/exp/wisp',
    title: 'Grant wisp experience',
    summary: 'Adds experience to a clan’s wisp.',
    fields: [{ name: 'clanId', label: 'Clan', kind: 'target', target: 'clan' }, amount],
    submit: 'Grant wisp experience',
    build: (c, v) =>
      call(c, 'Clans', 'admin_grantWispExperience', [bigintOf(v, 'clanId'), bigintOf(v, 'amount')]),
  },
  experience: {
    path: '/admin/exp/grant',
    title: 'Grant vera experience',
    summary: 'Adds experience to one vera.',
    fields: [
      { name: 'veraId', label: 'Vera', kind: 'target', target: 'vera' },
      uintInput('Veras', 'admin_grantExperience', 'amount', 24, 'Experience', 1n),
    ],
    submit: 'Grant experience',
    build: (c, v) =>
      call(c, 'Veras', 'admin_grantExperience', [bigintOf(v, 'veraId'), numberOf(v, 'amount')]),
  },
  item: {
    path: '/admin/items/grant',
    title: 'Grant items',
    summary: 'Puts items into a character’s inventory.',
    fields: [character, itemId, uintInput('Inventory', 'admin_grantItem', 'quantity', 64, 'Quantity', 1n)],
    submit: 'Grant items',
    build: (c, v) =>
      call(c, 'Inventory', 'admin_grantItem', [
        bigintOf(v, 'characterId'),
        numberOf(v, 'itemId'),
        bigintOf(v, 'quantity'),
      ]),
  },
  amulet: {
    path: '/admin/items/grant-amulet',
    title: 'Grant an amulet',
    summary: 'Creates an amulet (rarity 1–5, a main rune) for a character.',
    fields: [
      character,
      uintInput('Inventory', 'admin_grantAmulet', 'rarity', 8, 'Rarity (1–5)', 0n, '1'),
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
        bigintOf(v, 'characterId'),
        numberOf(v, 'rarity'),
        numberOf(v, 'runeType'),
        boolOf(v, 'isSoulbound'),
      ]),
  },
  lootbox: {
    path: '/admin/items/grant-lootbox',
    title: 'Grant a lootbox',
    summary: 'Creates a lootbox; species and rune “rolled” are decided when it opens.',
    fields: [
      character,
      uintInput('Inventory', 'admin_grantLootBox', 'boxType', 8, 'Box type (1–3)', 1n, '1'),
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
        bigintOf(v, 'characterId'),
        numberOf(v, 'boxType'),
        numberOf(v, 'species'),
        numberOf(v, 'rune'),
        boolOf(v, 'isSoulbound'),
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
      uintInput('Veras', 'admin_grantVera', 'level', 8, 'Level', 1n, '1'),
      { name: 'perfectStats', label: 'Perfect stats', kind: 'bool' },
    ],
    submit: 'Grant vera',
    build: (c, v) =>
      call(c, 'Veras', 'admin_grantVera', [
        bigintOf(v, 'characterId'),
        numberOf(v, 'species'),
        numberOf(v, 'mainRune'),
        numberOf(v, 'subRune'),
        numberOf(v, 'personality'),
        numberOf(v, 'level'),
        boolOf(v, 'perfectStats'),
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
      call(c, 'Roles', v.action === 'revoke' ? 'revokeRole' : 'grantRole', [
        addressOf(v, 'account'),
        numberOf(v, 'role'),
      ]),
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
      call(c, 'Clans', v.decision === 'decline' ? 'admin_declineClan' : 'admin_approveClan', [
        bigintOf(v, 'clanId'),
      ]),
  },
  reprice: {
    path: '/admin/shop/reprice',
    title: 'Reprice a shop item',
    summary:
      'Sets the runix cost of an item in a shop. An item the shop does not have yet is added only when you confirm it.',
    fields: [uintInput('Shop', 'admin_repriceShop', 'runixCost', 64, 'Runix cost', 1n)],
    submit: 'Reprice',
    build: (c, v) =>
      call(c, 'Shop', 'admin_repriceShop', [
        numberOf(v, 'shopId'),
        numberOf(v, 'itemId'),
        bigintOf(v, 'runixCost'),
      ]),
  },
  restock: {
    path: '/admin/shop/restock',
    title: 'Restock a shop item',
    summary: 'Adds stock to an item a shop already has.',
    fields: [uintInput('Shop', 'admin_restockShop', 'quantity', 64, 'Quantity to add', 1n)],
    submit: 'Restock',
    build: (c, v) =>
      call(c, 'Shop', 'admin_restockShop', [
        numberOf(v, 'shopId'),
        numberOf(v, 'itemId'),
        bigintOf(v, 'quantity'),
      ]),
  },
  onyx: {
    path: '/admin/currency/grant-onyx',
    title: 'Grant onyx',
    summary: 'Credits onyx to a character.',
    fields: [character, amount],
    submit: 'Grant onyx',
    build: (c, v) =>
      call(c, 'Inventory', 'admin_grantOnyx', [bigintOf(v, 'characterId'), bigintOf(v, 'amount')]),
  },
  runix: {
    path: '/admin/currency/grant-runix',
    title: 'Grant runix',
    summary: 'Credits runix to a character.',
    fields: [character, amount],
    submit: 'Grant runix',
    build: (c, v) =>
      call(c, 'Inventory', 'admin_grantRunix', [bigintOf(v, 'characterId'), bigintOf(v, 'amount')]),
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
    build: (c, v) =>
      call(c, 'Battles', 'admin_setBattleType', [numberOf(v, 'battleType'), v.enabled === 'true']),
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
      uintInput('Bank', 'admin_setLockDuration', 'durationSeconds', 64, 'Duration (seconds)', 1n),
    ],
    submit: 'Save',
    build: (c, v) =>
      call(c, 'Bank', 'admin_setLockDuration', [numberOf(v, 'lockIndex'), bigintOf(v, 'durationSeconds')]),
  },
  version: {
    path: '/admin/settings/version',
    title: 'Update the version',
    summary: 'The game version the contracts report (Roles.version).',
    fields: [{ name: 'version', label: 'Version', kind: 'text', maxLength: 64 }],
    submit: 'Update version',
    build: (c, v) => call(c, 'Roles', 'setVersion', [textOf(v, 'version')]),
  },
} satisfies Record<string, AdminSpec>;

export type AdminSpecKey = keyof typeof ADMIN_SPECS;

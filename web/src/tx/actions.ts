/**
 * The player actions /confirm can review. A link names an action by id and carries only its arguments; the page
 * takes the contract, function, wording and price from this list, never from the URL, so a crafted link can at
 * most ask for one of these actions with arguments that pass their checks.
 */
import {
  CLAN_DESCRIPTION_MAX_BYTES,
  CLAN_NAME_BYTES,
  CLAN_TAG_BYTES,
  itemName,
  lootBoxSpeedUpCost,
  shopBuyTotal,
  shopSellTotal,
  UINT32_MAX,
  UINT64_MAX,
} from '@skald/game';
import type { InventoryData, ShopItem } from '@skald/wire/rest';
import type { AppConfig } from '../boot.ts';
import {
  type CallableContract,
  type ContractCall,
  call,
  uintMax,
  type WriteArgs,
  type WriteFunction,
} from '../lib/contracts.ts';
import { number } from '../lib/format.ts';

type Param =
  | { name: string; label: string; kind: 'uint'; min: bigint; max: bigint }
  | { name: string; label: string; kind: 'bool' }
  | { name: string; label: string; kind: 'text'; minBytes: number; maxBytes: number };

export type ActionArgs = Record<string, bigint | boolean | string>;

/** What the page knows when it quotes: the player's inventory, the shop's items and the reputation. */
export type QuoteData = {
  inventory?: InventoryData;
  shopItems?: ShopItem[];
  reputation?: { buyingPower: number; sellingPower: number };
};

/**
 * Runix and onyx the action moves (negative is paid, positive received), and the goods it hands over or takes
 * (`receive`, `give`, in words: "2 × Mead"); undefined while unknown.
 */
export type Quote =
  | { runix: bigint; onyx: bigint; receive?: string[]; give?: string[]; note?: string }
  | undefined;

export type GameAction = {
  id: string;
  contract: CallableContract;
  functionName: string;
  /** the transaction for `args` (typed against the ABI where the action is declared, see `action`) */
  toCall: (config: AppConfig, args: ActionArgs) => ContractCall;
  params: Param[];
  /** the headline, in words */
  title: (args: ActionArgs) => string;
  /** one line per argument worth reading, in words */
  details: (args: ActionArgs, data: QuoteData) => string[];
  quote: (args: ActionArgs, data: QuoteData) => Quote;
  /** which reads the quote needs */
  needs: ('inventory' | 'shop')[];
  back: string;
  toastLabel: (args: ActionArgs) => string;
};

/** An action as declared: `contractArgs` is checked against the ABI of `contract`'s `functionName`. */
function gameAction<C extends CallableContract, F extends WriteFunction<C>>(
  contract: C,
  functionName: F,
  {
    contractArgs,
    ...spec
  }: Omit<GameAction, 'contract' | 'functionName' | 'toCall'> & {
    /** written `as const`: the ABI's tuple type then checks each argument */
    contractArgs: (args: ActionArgs) => WriteArgs<C, F>;
  },
): GameAction {
  return {
    ...spec,
    contract,
    functionName,
    toCall: (config, args) => call(config, contract, functionName, contractArgs(args)),
  };
}

/** A shop line's item id and quantity (the tuple components of IShop's ShopLine: uint32, uint64). */
const ITEM_ID_MAX = BigInt(UINT32_MAX);
const QUANTITY_MAX = UINT64_MAX;

const uint = (name: string, label: string, min: bigint, max: bigint): Param => ({
  name,
  label,
  kind: 'uint',
  min,
  max,
});

/** A uint argument (parseActionLink makes every uint a bigint). */
const big = (v: ActionArgs[string] | undefined): bigint => {
  if (typeof v !== 'bigint') throw new TypeError(`expected a whole number, got ${typeof v}`);
  return v;
};
/** A text argument. */
const str = (v: ActionArgs[string] | undefined): string => {
  if (typeof v !== 'string') throw new TypeError(`expected text, got ${typeof v}`);
  return v;
};

const shopItem = (args: ActionArgs, data: QuoteData) =>
  data.shopItems?.find((i) => BigInt(i.itemId) === big(args.itemId));

const lockOf = (args: ActionArgs, data: QuoteData) =>
  data.inventory?.bank.locks.find((l) => l.lockIndex === Number(args.lockIndex));

const lootBoxOf = (args: ActionArgs, data: QuoteData) =>
  data.inventory?.lootBoxes.find((b) => b.lootBoxId === String(args.lootBoxId));

const free: GameAction['quote'] = () => ({ runix: 0n, onyx: 0n });

export const GAME_ACTIONS: readonly GameAction[] = [
  gameAction('Shop', 'transactWithShop', {
    id: 'shop-buy',
    params: [
      uint('shopId', 'Shop', 1n, uintMax('Shop', 'transactWithShop', 'shopId', 16)),
      uint('itemId', 'Item', 1n, ITEM_ID_MAX),
      uint('quantity', 'Quantity', 1n, QUANTITY_MAX),
    ],
    title: (a) => `Buy ${a.quantity} × ${itemName(Number(a.itemId))}`,
    details: (a, d) => {
      const item = shopItem(a, d);
      return item ? [`${number(item.quantity)} in stock`] : [];
    },
    quote: (a, d) => {
      const item = shopItem(a, d);
      if (!item || !d.reputation) return undefined;
      const total = shopBuyTotal(BigInt(item.runixCost), d.reputation.buyingPower, big(a.quantity));
      return {
        runix: -total,
        onyx: 0n,
        receive: [`${number(big(a.quantity))} × ${itemName(Number(a.itemId))}`],
      };
    },
    needs: ['inventory', 'shop'],
    contractArgs: (a) =>
      [Number(a.shopId), [], [{ itemId: Number(a.itemId), quantity: big(a.quantity) }]] as const,
    back: '/shop',
    toastLabel: (a) => `Buy ${a.quantity} × ${itemName(Number(a.itemId))}`,
  }),
  gameAction('Shop', 'transactWithShop', {
    id: 'shop-sell',
    params: [
      uint('shopId', 'Shop', 1n, uintMax('Shop', 'transactWithShop', 'shopId', 16)),
      uint('itemId', 'Item', 1n, ITEM_ID_MAX),
      uint('quantity', 'Quantity', 1n, QUANTITY_MAX),
    ],
    title: (a) => `Sell ${a.quantity} × ${itemName(Number(a.itemId))}`,
    details: (a, d) => {
      const owned = d.inventory?.items.find((i) => BigInt(i.itemId) === big(a.itemId));
      return d.inventory ? [`You own ${number(owned?.quantity ?? '0')}`] : [];
    },
    quote: (a, d) => {
      const item = shopItem(a, d);
      if (!item || !d.reputation) return undefined;
      return {
        runix: shopSellTotal(BigInt(item.runixCost), d.reputation.sellingPower, big(a.quantity)),
        onyx: 0n,
        give: [`${number(big(a.quantity))} × ${itemName(Number(a.itemId))}`],
      };
    },
    needs: ['inventory', 'shop'],
    contractArgs: (a) =>
      [Number(a.shopId), [{ itemId: Number(a.itemId), quantity: big(a.quantity) }], []] as const,
    back: '/shop',
    toastLabel: (a) => `Sell ${a.quantity} × ${itemName(Number(a.itemId))}`,
  }),
  gameAction('Bank', 'lockRunix', {
    id: 'bank-lock',
    params: [
      uint('lockIndex', 'Slot', 0n, 2n),
      uint('runix', 'Runix', 1n, uintMax('Bank', 'lockRunix', 'runix', 64)),
    ],
    title: (a) => `Lock ${number(big(a.runix))} runix in bank slot ${Number(a.lockIndex) + 1}`,
    details: () => ['The runix stays locked until the slot’s unlock date; the reward is paid on unlock.'],
    quote: (a) => ({ runix: -big(a.runix), onyx: 0n }),
    needs: ['inventory'],
    contractArgs: (a) => [Number(a.lockIndex), big(a.runix)] as const,
    back: '/nfts',
    toastLabel: () => 'Locking runix',
  }),
  gameAction('Bank', 'unlockRunix', {
    id: 'bank-unlock',
    params: [uint('lockIndex', 'Slot', 0n, 2n)],
    title: (a) => `Unlock bank slot ${Number(a.lockIndex) + 1}`,
    details: () => [],
    quote: (a, d) => {
      const lock = lockOf(a, d);
      if (!lock) return undefined;
      return {
        runix: BigInt(lock.runix) + BigInt(lock.runixReward),
        onyx: BigInt(lock.onyxReward),
      };
    },
    needs: ['inventory'],
    contractArgs: (a) => [Number(a.lockIndex)] as const,
    back: '/nfts',
    toastLabel: () => 'Unlocking runix',
  }),
  gameAction('Inventory', 'claimLootBox', {
    id: 'lootbox-speed-up',
    params: [uint('lootBoxId', 'Lootbox', 1n, uintMax('Inventory', 'claimLootBox', 'lootBoxId', 64))],
    title: (a) => `Claim lootbox #${a.lootBoxId} and open it at once`,
    details: () => ['Speeding up skips the chest timer for onyx.'],
    quote: (a, d) => {
      const box = lootBoxOf(a, d);
      return box ? { runix: 0n, onyx: -lootBoxSpeedUpCost(box.boxType) } : undefined;
    },
    needs: ['inventory'],
    contractArgs: (a) => [big(a.lootBoxId), true] as const,
    back: '/nfts',
    toastLabel: () => 'Speeding up the lootbox',
  }),
  gameAction('Clans', 'foundClan', {
    id: 'clan-found',
    params: [
      {
        name: 'name',
        label: 'Name',
        kind: 'text',
        minBytes: CLAN_NAME_BYTES.min,
        maxBytes: CLAN_NAME_BYTES.max,
      },
      { name: 'tag', label: 'Tag', kind: 'text', minBytes: CLAN_TAG_BYTES.min, maxBytes: CLAN_TAG_BYTES.max },
      {
        name: 'description',
        label: 'Description',
        kind: 'text',
        minBytes: 0,
        maxBytes: CLAN_DESCRIPTION_MAX_BYTES,
      },
    ],
    title: (a) => `Found the clan [${a.tag}] ${a.name}`,
    details: (a) => [
      String(a.description || 'No description.'),
      'An admin approves a new clan before it can invite.',
    ],
    quote: free,
    needs: [],
    contractArgs: (a) => [str(a.name), str(a.tag), str(a.description)] as const,
    back: '/clans',
    toastLabel: () => 'Founding the clan',
  }),
  gameAction('Battles', 'claimTimeout', {
    id: 'battle-claim',
    params: [uint('battleId', 'Battle', 1n, uintMax('Battles', 'claimTimeout', 'battleId', 64))],
    title: (a) => `Claim the win in battle #${a.battleId}`,
    details: () => [
      'Your opponent let the turn run out: a side that has not submitted its actions forfeits and loses, as for any loss.',
    ],
    quote: free,
    needs: [],
    contractArgs: (a) => [big(a.battleId)] as const,
    back: '/arena',
    toastLabel: () => 'Claiming the win',
  }),
  gameAction('Clans', 'leaveClan', {
    id: 'clan-leave',
    params: [],
    title: () => 'Leave your clan',
    details: () => ['Your clan points stay with the clan. A leaving jarl hands the clan to an officer.'],
    quote: free,
    needs: [],
    contractArgs: () => [] as const,
    back: '/clans',
    toastLabel: () => 'Leaving the clan',
  }),
];

export function findGameAction(id: string): GameAction | undefined {
  return GAME_ACTIONS.find((a) => a.id === id);
}

export type ParsedAction = { ok: true; action: GameAction; args: ActionArgs } | { ok: false; error: string };

/** Validates a /confirm link: a known action id and exactly its arguments, each within its type's range. */
export function parseActionLink(search: Record<string, unknown>): ParsedAction {
  const id = search.action;
  if (id === undefined) return { ok: false, error: 'This link does not name an action to confirm.' };
  if (typeof id !== 'string') return { ok: false, error: 'The action in this link is not a name.' };
  const action = findGameAction(id);
  if (!action) return { ok: false, error: `There is no action called “${id.slice(0, 40)}”.` };
  const known = new Set(['action', ...action.params.map((p) => p.name)]);
  const extra = Object.keys(search).filter((k) => !known.has(k));
  if (extra.length > 0) {
    return {
      ok: false,
      error: `This link carries ${extra.length === 1 ? 'an argument' : 'arguments'} the action does not take: ${extra.map((k) => k.slice(0, 40)).join(', ')}.`,
    };
  }
  const args: ActionArgs = {};
  for (const param of action.params) {
    const raw = search[param.name];
    if (raw === undefined || raw === null)
      return { ok: false, error: `${param.label} is missing from this link.` };
    if (typeof raw === 'number' && !Number.isSafeInteger(raw)) {
      return { ok: false, error: `${param.label} is too large to read from a link without quotes.` };
    }
    const text = String(raw);
    if (param.kind === 'uint') {
      if (!/^\d{1,20}$/.test(text)) return { ok: false, error: `${param.label} must be a whole number.` };
      const value = BigInt(text);
      if (value < param.min || value > param.max) {
        return { ok: false, error: `${param.label} must be between ${param.min} and ${param.max}.` };
      }
      args[param.name] = value;
    } else if (param.kind === 'bool') {
      if (text !== 'true' && text !== 'false')
        return { ok: false, error: `${param.label} must be true or false.` };
      args[param.name] = text === 'true';
    } else {
      const bytes = new TextEncoder().encode(text).length;
      if (bytes < param.minBytes || bytes > param.maxBytes) {
        return { ok: false, error: `${param.label} must be ${param.minBytes}–${param.maxBytes} bytes long.` };
      }
      args[param.name] = text;
    }
  }
  return { ok: true, action, args };
}

/** The search of a /confirm link for `id` with `args` (numbers as decimal strings). */
export function confirmSearch(id: string, args: Record<string, bigint | number | boolean | string>) {
  const action = findGameAction(id);
  if (!action) throw new Error(`unknown action ${id}`);
  const search: Record<string, string> = { action: id };
  for (const param of action.params) {
    const value = args[param.name];
    if (value === undefined) throw new Error(`${id}: missing ${param.name}`);
    search[param.name] = String(value);
  }
  return search;
}

export function actionCall(config: AppConfig, action: GameAction, args: ActionArgs): ContractCall {
  return action.toCall(config, args);
}

/** Balance after the action, or undefined while the quote or balance is unknown. */
export function balanceAfter(balance: string | undefined, delta: bigint | undefined): bigint | undefined {
  if (balance === undefined || delta === undefined) return undefined;
  return BigInt(balance) + delta;
}

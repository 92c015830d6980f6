/**
 * What the admin shop forms offer and refuse, as pure functions of the index's shops (`/api/shop`): the shops by
 * name, the items by name with each one's price and stock in the chosen shop, and why a send is refused. The
 * contract's admin_repriceShop creates a missing item (and a missing shop), so adding one must be asked for;
 * admin_restockShop reverts on a missing item, so the form says so before the wallet is asked.
 */
import { ITEM_NAMES, itemName } from '@skald/game';
import type { Shops } from '@skald/wire/rest';
import { number } from '../../../lib/format.ts';

export type ShopEntry = Shops['shops'][number];
export type ShopStock = ShopEntry['items'][number];

/** The shop the players' /shop page trades in. */
export const PLAYER_SHOP_ID = 1;

/** A shop's name, as the activity feed and the audit write it. */
export function shopName(shopId: number): string {
  return `Shop ${shopId}`;
}

export function shopLabel(shop: ShopEntry): string {
  const where = shop.shopId === PLAYER_SHOP_ID ? ' (the players’ /shop page)' : '';
  return `${shopName(shop.shopId)}${where} · ${shop.items.length} item${shop.items.length === 1 ? '' : 's'}`;
}

/** Every item with a name in the catalogue, then any other item some shop holds, by id. */
export function knownItemIds(shops: ShopEntry[]): number[] {
  const ids = new Set(Object.keys(ITEM_NAMES).map(Number));
  for (const shop of shops) for (const item of shop.items) ids.add(item.itemId);
  return [...ids].sort((a, b) => a - b);
}

export function stockIn(shops: ShopEntry[], shopId: number, itemId: number): ShopStock | undefined {
  return shops.find((s) => s.shopId === shopId)?.items.find((i) => i.itemId === itemId);
}

/** An item option: its name, then its price and stock in the shop, or that the shop does not have it. */
export function itemLabel(itemId: number, stock: ShopStock | undefined, shopId: number | undefined): string {
  if (stock)
    return `${itemName(itemId)} · ${number(stock.runixCost)} runix · ${number(stock.quantity)} in stock`;
  return shopId === undefined ? itemName(itemId) : `${itemName(itemId)} · not in ${shopName(shopId)}`;
}

/** The sentence beside the form: what the chosen item costs and how many the shop holds, right now. */
export function stockSentence(itemId: number, shopId: number, stock: ShopStock | undefined): string {
  const name = itemName(itemId);
  if (!stock) return `${name} is not in ${shopName(shopId)}.`;
  const trade = [stock.isPurchasable ? null : 'not for sale', stock.isSellable ? null : 'not bought back']
    .filter(Boolean)
    .join(', ');
  return `${name} in ${shopName(shopId)}: ${number(stock.runixCost)} runix, ${number(stock.quantity)} in stock${trade ? ` (${trade})` : ''}.`;
}

/** The confirmation a reprice of a missing item needs (a checkbox with this label). */
export function addConfirmLabel(itemId: number, shopId: number): string {
  return `Add ${itemName(itemId)} to ${shopName(shopId)} at this price`;
}

export type ShopKind = 'reprice' | 'restock';

/** Why this send must not go out, or undefined when it may. */
export function shopRefusal(
  kind: ShopKind,
  pick: { shopId: number; itemId: number; stock: ShopStock | undefined; confirmedAdd: boolean },
): string | undefined {
  if (pick.stock) return undefined;
  const name = itemName(pick.itemId);
  const shop = shopName(pick.shopId);
  if (kind === 'restock')
    return `${name} is not in ${shop}, so it cannot be restocked. Reprice it there first to add it.`;
  if (!pick.confirmedAdd)
    return `${name} is not in ${shop} yet: tick “${addConfirmLabel(pick.itemId, pick.shopId)}” to add it.`;
  return undefined;
}

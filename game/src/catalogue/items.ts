/** Display names of the starter shop's items (chain/src/deploy.ts STARTER_SHOP); unknown ids read "Item #n". */
export const ITEM_NAMES: Readonly<Record<number, string>> = {
  1: 'Healing draught',
  2: 'Rune shard',
  3: 'Mead',
  4: 'Iron ore',
  5: 'Troll hide',
  6: 'Dragon scale',
};

export function itemName(id: number): string {
  return ITEM_NAMES[id] ?? `Item #${id}`;
}

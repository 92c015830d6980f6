import { itemName } from '@skald/game';
import type { InventoryData } from '@skald/wire/rest';
import { number } from '../../../lib/format.ts';

/** The player's items with their quantities. */
export function Items({ inv }: { inv: InventoryData | undefined }) {
  return (
    <>
      <h2>Items</h2>
      <ul className="feed">
        {(inv?.items ?? []).map((i) => (
          <li key={i.itemId}>
            {itemName(i.itemId)} × {number(i.quantity)}
          </li>
        ))}
        {inv && inv.items.length === 0 ? <li className="muted">No items.</li> : null}
      </ul>
    </>
  );
}

/** The player's amulets: rarity, soulbound, the vera wearing one. */
export function Amulets({ inv }: { inv: InventoryData | undefined }) {
  return (
    <>
      <h2>Amulets</h2>
      <ul className="feed">
        {(inv?.amulets ?? []).map((a) => (
          <li key={`a${a.amuletId}`}>
            Amulet #{a.amuletId} · rarity {a.rarity}
            {a.isSoulbound ? ' · soulbound' : ''}
            {a.veraId ? ` · on vera #${a.veraId}` : ''}
          </li>
        ))}
        {inv && inv.amulets.length === 0 ? <li className="muted">No amulets.</li> : null}
      </ul>
    </>
  );
}

import { itemName, shopBuyPrice, shopBuyTotal, shopSellPrice, UINT64_MAX } from '@skald/game';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { inventoryQueryOptions, shopQueryOptions } from '../api/queries.ts';
import { number } from '../lib/format.ts';
import { useAppConfig, usePlayer } from '../lib/hooks.ts';
import { confirmSearch } from '../tx/actions.ts';
import { reputationQueryOptions } from '../tx/reputation.ts';
import { useWallet } from '../wallet/wallet-layer.tsx';

const SHOP_ID = 1;

export const Route = createFileRoute('/shop')({
  loader: ({ context }) => context.queryClient.ensureQueryData(shopQueryOptions(context.api, SHOP_ID)),
  head: () => ({
    meta: [
      { title: 'Shop · Skald' },
      { name: 'description', content: 'The Skald shop: buy and sell items for runix at live prices.' },
    ],
  }),
  component: ShopPage,
});

/** A quantity typed by the player: a whole number from 1 up, or the reason it is not one. */
export function parseQuantity(text: string): { quantity: bigint } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { error: 'Enter a whole number of items.' };
  const quantity = BigInt(trimmed);
  if (quantity === 0n) return { error: 'Enter at least 1.' };
  if (quantity > UINT64_MAX) return { error: 'That is more than the game can count.' };
  return { quantity };
}

function ShopPage() {
  const { api } = Route.useRouteContext();
  const player = usePlayer();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(shopQueryOptions(api, SHOP_ID));
  const config = useAppConfig();
  const wallet = useWallet();
  // reputation lives only on chain: read through the chain client, the read code fetched with the first read
  const reputation = useQuery({
    ...reputationQueryOptions(
      async () => (await wallet.load()).config,
      config.contracts.Shop,
      player.characterId,
      SHOP_ID,
    ),
    enabled: player.characterId !== undefined,
  });
  const buying = reputation.data?.buyingPower ?? 0;
  const selling = reputation.data?.sellingPower ?? 0;
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const inventory = useQuery({
    ...inventoryQueryOptions(api, player.characterId ?? '0'),
    enabled: player.characterId !== undefined,
  });
  const quantityOf = (itemId: number) => parseQuantity(quantities[itemId] ?? '1');

  const review = (itemId: number, side: 'buy' | 'sell') => {
    const parsed = quantityOf(itemId);
    if ('error' in parsed) return;
    void navigate({
      to: '/confirm',
      search: confirmSearch(side === 'buy' ? 'shop-buy' : 'shop-sell', {
        shopId: SHOP_ID,
        itemId,
        quantity: parsed.quantity,
      }),
    });
  };

  return (
    <section>
      <h1>Shop</h1>
      {reputation.data ? (
        <p className="muted">
          Reputation milestone {reputation.data.milestone} · {number(reputation.data.runixInvested)} runix
          invested · buying power {buying}% · selling power {selling}% · next milestone at{' '}
          {number(reputation.data.nextMilestoneRequirement)}
        </p>
      ) : (
        <p className="muted">Connect a wallet with a viking to trade and build reputation.</p>
      )}
      {inventory.data ? (
        <p data-testid="shop-balance">
          Your balance: <strong>{number(inventory.data.runix)}</strong> runix
        </p>
      ) : null}
      <table>
        <thead>
          <tr>
            <th>Item</th>
            <th>Stock</th>
            <th>Buy for</th>
            <th>Sell for</th>
            <th>Quantity</th>
            <th>Total</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {data.map((item) => {
            const parsed = quantityOf(item.itemId);
            const cost = BigInt(item.runixCost);
            const total = 'quantity' in parsed ? shopBuyTotal(cost, buying, parsed.quantity) : undefined;
            const tooDear =
              total !== undefined && inventory.data !== undefined && total > BigInt(inventory.data.runix);
            return (
              <tr key={item.itemId}>
                <td>{itemName(item.itemId)}</td>
                <td>{number(item.quantity)}</td>
                <td>{item.isPurchasable ? `${shopBuyPrice(BigInt(item.runixCost), buying)} runix` : '—'}</td>
                <td>{item.isSellable ? `${shopSellPrice(BigInt(item.runixCost), selling)} runix` : '—'}</td>
                <td>
                  <input
                    aria-label={`Quantity of ${itemName(item.itemId)}`}
                    aria-invalid={'error' in parsed}
                    inputMode="numeric"
                    size={4}
                    value={quantities[item.itemId] ?? '1'}
                    onChange={(e) => setQuantities((q) => ({ ...q, [item.itemId]: e.target.value }))}
                  />
                  {'error' in parsed ? (
                    <span role="alert" className="form-errors">
                      {parsed.error}
                    </span>
                  ) : null}
                </td>
                <td>
                  {item.isPurchasable && total !== undefined ? `${number(total)} runix` : '—'}
                  {tooDear ? <span className="muted"> (more than you have)</span> : null}
                </td>
                <td className="row">
                  <button
                    type="button"
                    className="secondary"
                    disabled={!player.characterId || !item.isPurchasable || 'error' in parsed || tooDear}
                    data-primary-action
                    onClick={() => review(item.itemId, 'buy')}
                  >
                    Buy
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    disabled={!player.characterId || !item.isSellable || 'error' in parsed}
                    data-primary-action
                    onClick={() => review(item.itemId, 'sell')}
                  >
                    Sell
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

import { ShopAbi } from '@skald/chain/abis';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useConfig } from 'wagmi';
import { shopQueryOptions } from '../api/queries.ts';
import { number } from '../lib/format.ts';
import { useAppConfig, usePlayer } from '../lib/hooks.ts';
import { itemName } from '../lib/items.ts';
import { encodePendingCall } from '../lib/pending-call.ts';

const SHOP_ID = 1;

export const Route = createFileRoute('/shop')({
  loader: ({ context }) => context.queryClient.ensureQueryData(shopQueryOptions(context.api, SHOP_ID)),
  head: () => ({ meta: [{ title: 'Shop · Skald' }] }),
  component: ShopPage,
});

/** Buying costs runixCost * (100 - buyingPower) / 100; selling pays runixCost * sellingPower / 100 (IShop). */
export function buyPrice(cost: bigint, buyingPower: number): bigint {
  return (cost * BigInt(100 - buyingPower)) / 100n;
}
export function sellPrice(cost: bigint, sellingPower: number): bigint {
  return (cost * BigInt(sellingPower)) / 100n;
}

function ShopPage() {
  const { api } = Route.useRouteContext();
  const player = usePlayer();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(shopQueryOptions(api, SHOP_ID));
  const config = useAppConfig();
  const wagmiConfig = useConfig();
  // reputation lives only on chain: read it through the chain client; the ABI coder is fetched with the first read
  const reputation = useQuery({
    queryKey: ['shop-reputation', config.contracts.Shop, player.characterId ?? '', SHOP_ID],
    enabled: player.characterId !== undefined,
    queryFn: async () => {
      const { readContract } = await import('wagmi/actions');
      return readContract(wagmiConfig, {
        address: config.contracts.Shop,
        abi: ShopAbi,
        functionName: 'getReputation',
        args: [BigInt(player.characterId ?? '0'), SHOP_ID],
      });
    },
  });
  const buying = reputation.data?.buyingPower ?? 0;
  const selling = reputation.data?.sellingPower ?? 0;
  const [quantities, setQuantities] = useState<Record<number, string>>({});

  const review = (itemId: number, side: 'buy' | 'sell') => {
    const quantity = BigInt(/^\d+$/.test(quantities[itemId] ?? '') ? (quantities[itemId] as string) : '1');
    const entry = [{ itemId, quantity }];
    void navigate({
      to: '/confirm',
      search: {
        tx: encodePendingCall({
          contract: 'Shop',
          functionName: 'transactWithShop',
          args: [SHOP_ID, side === 'sell' ? entry : [], side === 'buy' ? entry : []],
          label: `${side === 'buy' ? 'Buy' : 'Sell'} ${quantity} × ${itemName(itemId)}`,
          back: '/shop',
        }),
      },
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
      <table>
        <thead>
          <tr>
            <th>Item</th>
            <th>Stock</th>
            <th>Buy for</th>
            <th>Sell for</th>
            <th>Quantity</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {data.map((item) => (
            <tr key={item.itemId}>
              <td>{itemName(item.itemId)}</td>
              <td>{number(item.quantity)}</td>
              <td>{item.isPurchasable ? `${buyPrice(BigInt(item.runixCost), buying)} runix` : '—'}</td>
              <td>{item.isSellable ? `${sellPrice(BigInt(item.runixCost), selling)} runix` : '—'}</td>
              <td>
                <input
                  aria-label={`Quantity of ${itemName(item.itemId)}`}
                  inputMode="numeric"
                  size={4}
                  value={quantities[item.itemId] ?? '1'}
                  onChange={(e) => setQuantities((q) => ({ ...q, [item.itemId]: e.target.value }))}
                />
              </td>
              <td className="row">
                <button
                  type="button"
                  className="secondary"
                  disabled={!player.characterId || !item.isPurchasable}
                  onClick={() => review(item.itemId, 'buy')}
                >
                  Buy
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={!player.characterId || !item.isSellable}
                  onClick={() => review(item.itemId, 'sell')}
                >
                  Sell
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

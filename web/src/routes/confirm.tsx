import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { inventoryQueryOptions, shopQueryOptions } from '../api/queries.ts';
import { ConnectButton } from '../components/header/connect-button.tsx';
import { number } from '../lib/format.ts';
import { useApi, useAppConfig, usePlayer } from '../lib/hooks.ts';
import {
  type ActionArgs,
  actionCall,
  balanceAfter,
  type GameAction,
  parseActionLink,
  type QuoteData,
} from '../tx/actions.ts';
import { reputationQueryOptions } from '../tx/reputation.ts';
import { useTransactor } from '../tx/use-transactor.ts';
import { useWallet } from '../wallet/wallet-layer.tsx';

export const Route = createFileRoute('/confirm')({
  // every search key is kept as given: parseActionLink decides what the link may carry
  validateSearch: (search: Record<string, unknown>): Record<string, unknown> => ({ ...search }),
  head: () => ({ meta: [{ title: 'Confirm · Skald' }] }),
  component: ConfirmPage,
});

function ConfirmPage() {
  const search = Route.useSearch();
  const parsed = parseActionLink(search);
  if (!parsed.ok) {
    return (
      <section className="card" style={{ maxWidth: 560, margin: '0 auto' }}>
        <h1>Nothing to confirm</h1>
        <p role="alert" className="form-errors">
          {parsed.error}
        </p>
        <p className="muted">Start an action from the shop, your home, the arena or a clan.</p>
        <Link to="/" className="button">
          Home
        </Link>
      </section>
    );
  }
  return <Review action={parsed.action} args={parsed.args} />;
}

function Review({ action, args }: { action: GameAction; args: ActionArgs }) {
  const api = useApi();
  const config = useAppConfig();
  const player = usePlayer();
  const transact = useTransactor();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const characterId = player.characterId;
  const shopId = args.shopId === undefined ? 0 : Number(args.shopId);

  const inventory = useQuery({
    ...inventoryQueryOptions(api, characterId ?? '0'),
    enabled: characterId !== undefined,
  });
  const shop = useQuery({ ...shopQueryOptions(api, shopId), enabled: action.needs.includes('shop') });
  const wallet = useWallet();
  const reputation = useQuery({
    ...reputationQueryOptions(
      async () => (await wallet.load()).config,
      config.contracts.Shop,
      characterId,
      shopId,
    ),
    enabled: characterId !== undefined && action.needs.includes('shop'),
  });
  const data: QuoteData = {
    inventory: inventory.data,
    shopItems: shop.data,
    reputation: reputation.data
      ? { buyingPower: reputation.data.buyingPower, sellingPower: reputation.data.sellingPower }
      : undefined,
  };
  const quote = action.quote(args, data);
  const runixAfter = balanceAfter(inventory.data?.runix, quote?.runix);
  const onyxAfter = balanceAfter(inventory.data?.onyx, quote?.onyx);
  const short = (runixAfter !== undefined && runixAfter < 0n) || (onyxAfter !== undefined && onyxAfter < 0n);
  const title = action.title(args);

  const onConfirm = async () => {
    setBusy(true);
    const result = await transact(action.toastLabel(args), actionCall(config, action, args), {
      invalidate: characterId ? [['inventory', characterId], ['shop']] : [],
    });
    setBusy(false);
    if (result.ok) void navigate({ to: action.back });
  };

  return (
    <section className="card" style={{ maxWidth: 560, margin: '0 auto' }}>
      <h1>Confirm: {title}</h1>
      <ul className="feed">
        {action.details(args, data).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <dl className="confirm-costs">
        <dt className="muted">You pay</dt>
        <dd data-testid="confirm-pay">{describePay(quote)}</dd>
        <dt className="muted">You receive</dt>
        <dd data-testid="confirm-receive">{describeReceive(quote)}</dd>
        <dt className="muted">Balance after</dt>
        <dd data-testid="confirm-balance">
          {characterId === undefined
            ? 'Connect a wallet with a viking to see it.'
            : runixAfter === undefined || onyxAfter === undefined
              ? 'Reading your balance…'
              : `${number(runixAfter < 0n ? 0n : runixAfter)} runix · ${number(onyxAfter < 0n ? 0n : onyxAfter)} onyx`}
        </dd>
      </dl>
      {short ? (
        <p role="alert" className="form-errors">
          Your balance is too low for this: you have {number(inventory.data?.runix ?? '0')} runix and{' '}
          {number(inventory.data?.onyx ?? '0')} onyx.
        </p>
      ) : null}
      <p className="muted">
        Your wallet will ask you to sign <code>{action.functionName}</code> on the {action.contract} contract.
        The game checks the action before it is sent.
      </p>
      <div className="row">
        {player.status === 'connected' ? (
          <button
            type="button"
            className="primary"
            disabled={busy || short || !characterId}
            onClick={() => void onConfirm()}
          >
            {busy ? 'Sending…' : 'Confirm'}
          </button>
        ) : (
          <ConnectButton />
        )}
        <button type="button" className="secondary" onClick={() => void navigate({ to: action.back })}>
          Cancel
        </button>
      </div>
    </section>
  );
}

function amounts(runix: bigint, onyx: bigint, goods: string[] = []): string {
  const parts: string[] = [...goods];
  if (runix > 0n) parts.push(`${number(runix)} runix`);
  if (onyx > 0n) parts.push(`${number(onyx)} onyx`);
  return parts.length === 0 ? 'nothing' : parts.join(' + ');
}

function describePay(quote: ReturnType<GameAction['quote']>): string {
  if (!quote) return 'Working out the price…';
  return amounts(quote.runix < 0n ? -quote.runix : 0n, quote.onyx < 0n ? -quote.onyx : 0n, quote.give);
}

function describeReceive(quote: ReturnType<GameAction['quote']>): string {
  if (!quote) return '…';
  return amounts(quote.runix > 0n ? quote.runix : 0n, quote.onyx > 0n ? quote.onyx : 0n, quote.receive);
}

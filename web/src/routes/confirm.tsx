import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConnectButton } from '../components/header/connect-button.tsx';
import { call } from '../lib/contracts.ts';
import { useAppConfig } from '../lib/hooks.ts';
import { decodePendingCall, describeArg } from '../lib/pending-call.ts';
import { useTransactor } from '../tx/use-transactor.ts';
import { useWalletConnection } from '../wallet/initial-address.tsx';

export const Route = createFileRoute('/confirm')({
  validateSearch: (search: Record<string, unknown>): { tx?: string } => ({
    tx: typeof search.tx === 'string' ? search.tx : undefined,
  }),
  head: () => ({ meta: [{ title: 'Confirm · Skald' }] }),
  component: ConfirmPage,
});

function ConfirmPage() {
  const { tx } = Route.useSearch();
  const pending = decodePendingCall(tx);
  const config = useAppConfig();
  const transact = useTransactor();
  const navigate = useNavigate();
  const { status } = useWalletConnection();
  const [busy, setBusy] = useState(false);

  if (!pending) {
    return (
      <section className="card" style={{ maxWidth: 560, margin: '0 auto' }}>
        <h1>Nothing to confirm</h1>
        <p className="muted">
          There is no pending transaction here. Start an action from the shop, your collection or a clan.
        </p>
        <Link to="/" className="button">
          Home
        </Link>
      </section>
    );
  }
  const onConfirm = async () => {
    setBusy(true);
    const result = await transact(
      pending.label,
      call(config, pending.contract, pending.functionName, pending.args),
    );
    setBusy(false);
    if (result.ok) void navigate({ to: pending.back ?? '/' });
  };
  return (
    <section className="card" style={{ maxWidth: 560, margin: '0 auto' }}>
      <h1>Confirm: {pending.label}</h1>
      <dl>
        <dt className="muted">Contract</dt>
        <dd>
          {pending.contract} <code>{config.contracts[pending.contract]}</code>
        </dd>
        <dt className="muted">Action</dt>
        <dd>
          <code>{pending.functionName}</code>
        </dd>
        <dt className="muted">Details</dt>
        <dd>
          <code>{pending.args.map(describeArg).join(', ') || 'none'}</code>
        </dd>
      </dl>
      <p className="muted">Your wallet will ask you to sign. The game checks the action before it is sent.</p>
      <div className="row">
        {status === 'connected' ? (
          <button type="button" className="primary" disabled={busy} onClick={() => void onConfirm()}>
            {busy ? 'Sending…' : 'Confirm'}
          </button>
        ) : (
          <ConnectButton />
        )}
        <button
          type="button"
          className="secondary"
          onClick={() => void navigate({ to: pending.back ?? '/' })}
        >
          Cancel
        </button>
      </div>
    </section>
  );
}

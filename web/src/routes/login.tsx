import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Address } from 'viem';
import { sessionQueryOptions } from '../api/queries.ts';
import { ConnectButton } from '../components/header/connect-button.tsx';
import { shortAddress } from '../lib/format.ts';
import { useApi, useAppConfig, useSession } from '../lib/hooks.ts';
import { describeWalletError } from '../wallet/errors.ts';
import { signIn } from '../wallet/sign-in.ts';
import { useWallet } from '../wallet/wallet-layer.tsx';

/** Only same-site paths may follow a sign-in, never another origin. */
function safeNext(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { next?: string } => ({ next: safeNext(search.next) }),
  head: () => ({ meta: [{ title: 'Sign in · Skald' }] }),
  component: LoginPage,
});

function LoginPage() {
  const { next } = Route.useSearch();
  const api = useApi();
  const config = useAppConfig();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const wallet = useWallet();
  const { address, status } = wallet.connection;
  const [busy, setBusy] = useState(false);

  const onSignIn = async () => {
    if (!address) return;
    setBusy(true);
    try {
      const fresh = await signIn({
        api,
        address: address as Address,
        chainId: config.chainId,
        signMessage: async (message) => (await wallet.load()).signMessage(message),
      });
      queryClient.setQueryData(sessionQueryOptions(api).queryKey, fresh);
      toast.success('Signed in', { position: 'bottom-right' });
      if (next) window.location.assign(next);
      else void navigate({ to: '/' });
    } catch (error) {
      toast.error('Sign-in failed', {
        description: describeWalletError(error, 'sign'),
        position: 'bottom-right',
      });
    } finally {
      setBusy(false);
    }
  };

  const onSignOut = async () => {
    await api.call('authLogout');
    queryClient.setQueryData(sessionQueryOptions(api).queryKey, null);
  };

  return (
    <section className="card" style={{ maxWidth: 520, margin: '0 auto' }}>
      <h1>Sign in</h1>
      <p className="muted">
        Connect your wallet, then sign a message to prove it is yours. Signing costs nothing and sends no
        transaction.
      </p>
      {session ? (
        <p>
          Signed in as <strong>{shortAddress(session.address)}</strong>
          {session.isAdmin ? ' (admin)' : ''}.{' '}
          <button type="button" className="secondary" onClick={() => void onSignOut()}>
            Sign out
          </button>
        </p>
      ) : null}
      <div className="row">
        <ConnectButton />
        <button
          type="button"
          className="primary"
          disabled={status !== 'connected' || busy}
          onClick={() => void onSignIn()}
        >
          {busy ? 'Waiting for the wallet…' : 'Sign in'}
        </button>
      </div>
      {next ? <p className="muted">You will continue to {next}.</p> : null}
    </section>
  );
}

/**
 * Turns wallet and transport failures into the sentences of spec section 8 (kept in @skald/game). Matching is by
 * the error's name so it survives wagmi wrapping one error in another.
 */
import { WALLET_ERRORS } from '@skald/game';

const BY_NAME: Record<string, string> = {
  ChainNotConfiguredError: WALLET_ERRORS.chainNotConfigured,
  ConnectorAlreadyConnectedError: WALLET_ERRORS.connectorAlreadyConnected,
  ConnectorNotConnectedError: WALLET_ERRORS.connectorNotConnected,
  ProviderNotFoundError: WALLET_ERRORS.providerNotFound,
  UrlRequiredError: WALLET_ERRORS.transportUrlMissing,
  SwitchChainError: WALLET_ERRORS.switchChainRejected,
};

type Named = { name?: unknown; cause?: unknown; shortMessage?: unknown; message?: unknown };

function chain(error: unknown): Named[] {
  const out: Named[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && out.length < 8) {
    out.push(current as Named);
    current = (current as Named).cause;
  }
  return out;
}

export function describeWalletError(error: unknown, action?: 'switch' | 'connect' | 'sign'): string {
  const errors = chain(error);
  for (const e of errors) {
    const name = typeof e.name === 'string' ? e.name : '';
    const known = BY_NAME[name];
    if (known) return known;
    if (name === 'UserRejectedRequestError') {
      return action === 'switch'
        ? WALLET_ERRORS.switchChainRejected
        : 'The request was rejected in the wallet.';
    }
  }
  const first = errors[0];
  if (first && typeof first.shortMessage === 'string') return first.shortMessage;
  if (first && typeof first.message === 'string') return first.message.split('\n')[0] ?? 'Wallet error.';
  return 'Wallet error.';
}

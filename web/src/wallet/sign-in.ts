/**
 * Sign-In with Ethereum against the gateway: a nonce, an EIP-4361 message naming this origin and chain, the
 * wallet's signature, then the gateway's session cookie.
 */

import type { Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { Api } from '../api/client.ts';
import type { Session } from '../boot.ts';

export async function signIn(options: {
  api: Api;
  address: Address;
  chainId: number;
  signMessage: (message: string) => Promise<`0x${string}`>;
}): Promise<Session> {
  const { nonce } = await options.api.call('authNonce');
  const message = createSiweMessage({
    address: options.address,
    chainId: options.chainId,
    domain: window.location.host,
    nonce,
    uri: window.location.origin,
    version: '1',
    statement: 'Sign in to Skald.',
    issuedAt: new Date(),
  });
  const signature = await options.signMessage(message);
  return options.api.call('authVerify', { body: { message, signature } });
}

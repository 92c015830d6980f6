/**
 * The session cookie: an HMAC-signed `address.expiry` (via @fastify/cookie signing), http-only, SameSite Lax.
 * It names only who signed in; whether they are an admin is read from the index on every request, so a role
 * revoked on chain takes effect at once.
 */
import type { Address } from 'viem';

export type { Session } from '@skald/wire/rest';

export const SESSION_COOKIE = 'skald_session';

export function encodeSession(address: string, expiresAt: number): string {
  return `${address}.${expiresAt}`;
}

export function decodeSession(value: string, now = Date.now()): { address: Address } | null {
  const match = /^(0x[0-9a-f]{40})\.(\d{1,15})$/.exec(value);
  if (!match) return null;
  if (Number(match[2]) <= Math.floor(now / 1000)) return null;
  return { address: match[1] as Address };
}

/**
 * The session cookie: an HMAC-signed `address.expiry.token` (via @fastify/cookie signing), http-only, SameSite
 * Lax. The token names a server-side record (sessions/store.ts): without its record the cookie is worth nothing,
 * so logout and revocation end it everywhere at once. Whether the wallet is an admin is read from the index on
 * every request; a session that began under another role is revoked when that is noticed.
 */
import type { Address } from 'viem';

export type { Session } from '@skald/wire/rest';

export const SESSION_COOKIE = 'skald_session';

export function encodeSession(address: string, expiresAt: number, token: string): string {
  return `${address}.${expiresAt}.${token}`;
}

export function decodeSession(value: string, now = Date.now()): { address: Address; token: string } | null {
  const match = /^(0x[0-9a-f]{40})\.(\d{1,15})\.([A-Za-z0-9_-]{20,100})$/.exec(value);
  if (!match) return null;
  if (Number(match[2]) <= Math.floor(now / 1000)) return null;
  return { address: match[1] as Address, token: match[3] as string };
}

/**
 * Sign-In with Ethereum (EIP-4361) checks, in the order that reveals least: shape, domain, uri (its origin must
 * be this site's), chain, time, then the signature, and last the single-use nonce (so a forged request cannot
 * burn someone's nonce).
 */
import { type Address, type Hex, verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { NonceStore } from './nonces.ts';

/** A message issued longer ago than this is refused even without an expiration time. */
export const MAX_MESSAGE_AGE_MS = 10 * 60 * 1000;
const CLOCK_SKEW_MS = 60 * 1000;

export type SiweCheck = {
  /** host[:port] values a message may name (the gateway's public origin) */
  domains: string[];
  /** origins (scheme://host[:port]) the message's `uri` may name: the gateway's public origin */
  origins?: string[];
  /** the chain the game runs on, when known */
  chainId?: number;
  nonces: NonceStore;
  now?: Date;
};

export class SiweError extends Error {
  override name = 'SiweError';
}

export async function verifySiwe(
  message: string,
  signature: Hex,
  check: SiweCheck,
): Promise<{ address: Address }> {
  const now = check.now ?? new Date();
  const fields = parseSiweMessage(message);
  const missing = (['address', 'domain', 'nonce', 'uri', 'version', 'chainId', 'issuedAt'] as const).filter(
    (k) => fields[k] === undefined,
  );
  if (missing.length > 0) throw new SiweError(`not a sign-in message: missing ${missing.join(', ')}`);
  if (fields.version !== '1') throw new SiweError('unsupported sign-in message version');
  if (!check.domains.includes(fields.domain as string)) {
    throw new SiweError(`message is for ${fields.domain}, not this site`);
  }
  if (check.origins) {
    let origin: string | null = null;
    try {
      origin = new URL(fields.uri as string).origin;
    } catch {
      origin = null;
    }
    if (!origin || !check.origins.includes(origin))
      throw new SiweError(`message is for ${fields.uri}, not this site`);
  }
  if (check.chainId !== undefined && fields.chainId !== check.chainId) {
    throw new SiweError(`message is for chain ${fields.chainId}, the game runs on chain ${check.chainId}`);
  }
  const issuedAt = (fields.issuedAt as Date).getTime();
  if (Number.isNaN(issuedAt) || issuedAt > now.getTime() + CLOCK_SKEW_MS)
    throw new SiweError('issued in the future');
  if (now.getTime() - issuedAt > MAX_MESSAGE_AGE_MS) throw new SiweError('message expired: sign in again');
  if (fields.expirationTime && fields.expirationTime.getTime() <= now.getTime()) {
    throw new SiweError('message expired: sign in again');
  }
  if (fields.notBefore && fields.notBefore.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new SiweError('message not valid yet');
  }
  const address = fields.address as Hex;
  let valid = false;
  try {
    valid = await verifyMessage({ address, message, signature });
  } catch {
    valid = false;
  }
  if (!valid) throw new SiweError('signature does not match the message address');
  if (!(await check.nonces.consume(fields.nonce as string))) {
    throw new SiweError('nonce unknown, expired or already used: request a new one');
  }
  return { address: address.toLowerCase() as Address };
}

/**
 * Single-use sign-in nonces. Issued by GET /api/auth/nonce, consumed atomically by a successful verify, and
 * forgotten after their lifetime. With Redis, every gateway process shares them (a nonce issued by one process
 * can be spent once on any).
 */

import type { createClient } from 'redis';
import { generateSiweNonce } from 'viem/siwe';

export const NONCE_TTL_SECONDS = 600;

export interface NonceStore {
  issue(): Promise<string>;
  /** true exactly once per issued, unexpired nonce */
  consume(nonce: string): Promise<boolean>;
}

export function memoryNonces(ttlSeconds = NONCE_TTL_SECONDS): NonceStore {
  const issued = new Map<string, number>();
  const sweep = () => {
    const now = Date.now();
    for (const [nonce, expires] of issued) if (expires <= now) issued.delete(nonce);
  };
  return {
    async issue() {
      if (issued.size > 10_000) sweep();
      const nonce = generateSiweNonce();
      issued.set(nonce, Date.now() + ttlSeconds * 1000);
      return nonce;
    },
    async consume(nonce) {
      const expires = issued.get(nonce);
      issued.delete(nonce);
      return expires !== undefined && expires > Date.now();
    },
  };
}

export function redisNonces(
  redis: ReturnType<typeof createClient>,
  ttlSeconds = NONCE_TTL_SECONDS,
): NonceStore {
  const key = (nonce: string) => `skald:siwe:nonce:${nonce}`;
  return {
    async issue() {
      const nonce = generateSiweNonce();
      await redis.set(key(nonce), '1', { EX: ttlSeconds });
      return nonce;
    },
    async consume(nonce) {
      return (await redis.del(key(nonce))) === 1;
    },
  };
}

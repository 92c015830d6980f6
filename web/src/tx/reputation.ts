/**
 * A character's buying and selling power at a shop. Reputation lives only on chain, so it is read through the
 * chain client; the read code (wagmi's readContract, viem's ABI coder, the Shop ABI) is fetched with the first
 * read (reputation-read.ts) rather than with the pages that show it.
 */
import type { Address } from 'viem';
import type { WagmiConfig } from '../wallet/config.ts';

export function reputationQueryOptions(
  /** the wallet layer's config (loaded on demand: wallet-layer.tsx's `load`) */
  wagmiConfig: () => Promise<WagmiConfig>,
  shop: Address,
  characterId: string | undefined,
  shopId: number,
) {
  return {
    queryKey: ['shop-reputation', shop, characterId ?? '', shopId],
    queryFn: async () => {
      const { readReputation } = await import('./reputation-read.ts');
      return readReputation(await wagmiConfig(), shop, BigInt(characterId ?? '0'), shopId);
    },
  };
}

/** The read behind reputation.ts, loaded on the first read. */
import { ShopAbi } from '@skald/chain/abis';
import type { Address } from 'viem';
import { readContract } from 'wagmi/actions';
import type { WagmiConfig } from '../wallet/config.ts';

export function readReputation(wagmiConfig: WagmiConfig, shop: Address, characterId: bigint, shopId: number) {
  return readContract(wagmiConfig, {
    address: shop,
    abi: ShopAbi,
    functionName: 'getReputation',
    args: [characterId, shopId],
  });
}

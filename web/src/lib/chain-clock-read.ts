/** The block read behind use-chain-now.ts, loaded on its first use. */
import { getBlock } from 'wagmi/actions';
import type { WagmiConfig } from '../wallet/config.ts';

/** The newest block's timestamp, in unix seconds. */
export async function latestBlockSeconds(wagmiConfig: WagmiConfig): Promise<number> {
  const block = await getBlock(wagmiConfig, { blockTag: 'latest' });
  return Number(block.timestamp);
}

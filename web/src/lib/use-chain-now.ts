import { useQuery } from '@tanstack/react-query';
import { useWallet } from '../wallet/wallet-layer.tsx';
import { useNowSeconds } from './use-now.ts';

/**
 * The chain's clock in unix seconds, for deadlines the contracts check against block time: the wall clock plus
 * how far the newest block runs ahead of it (a local chain whose time was moved forward; never behind, since an
 * idle chain's next block takes the wall clock). Undefined until the wallet layer (its RPC client) has loaded,
 * so the server and the first render agree; the block read is fetched with its first use (chain-clock-read.ts).
 */
export function useChainNow(): number | undefined {
  const { layer } = useWallet();
  const wall = useNowSeconds(1000);
  const ahead = useQuery({
    queryKey: ['chain-clock'],
    queryFn: async () => {
      if (!layer) throw new Error('the wallet layer has not loaded');
      const { latestBlockSeconds } = await import('./chain-clock-read.ts');
      return (await latestBlockSeconds(layer.config)) - Date.now() / 1000;
    },
    enabled: layer !== undefined,
    refetchInterval: 4000,
    staleTime: 2000,
  });
  if (!layer) return undefined;
  return wall + Math.max(0, ahead.data ?? 0);
}

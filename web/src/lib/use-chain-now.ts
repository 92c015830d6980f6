import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '@tanstack/react-router';
import { useConfig } from 'wagmi';
import { getBlock } from 'wagmi/actions';
import { useNowSeconds } from './use-now.ts';

/**
 * The chain's clock in unix seconds, for deadlines the contracts check against block time: the wall clock plus
 * how far the newest block runs ahead of it (a local chain whose time was moved forward; never behind, since an
 * idle chain's next block takes the wall clock). Undefined until hydrated, so the server and the first render agree.
 */
export function useChainNow(): number | undefined {
  const wagmiConfig = useConfig();
  const hydrated = useHydrated();
  const wall = useNowSeconds(1000);
  const ahead = useQuery({
    queryKey: ['chain-clock'],
    queryFn: async () => {
      const block = await getBlock(wagmiConfig, { blockTag: 'latest' });
      return Number(block.timestamp) - Date.now() / 1000;
    },
    enabled: hydrated,
    refetchInterval: 4000,
    staleTime: 2000,
  });
  if (!hydrated) return undefined;
  return wall + Math.max(0, ahead.data ?? 0);
}

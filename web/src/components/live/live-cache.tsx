/**
 * Keeps the query cache in step with the game: every live event invalidates the reads it changes (see
 * staleKeysFor), so a page showing the shop, a clan or an inventory refreshes itself after any transaction,
 * whoever sent it. Mounted once, in the browser only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { staleKeysFor } from '../../live/cache-keys.ts';
import { subscribeLive } from '../../live/live-client.ts';
import { refreshLive } from '../../live/refresh.ts';

export function LiveCache() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const subscription = subscribeLive(
      { topics: ['all'] },
      {
        onEvent(event) {
          // the index changes only when the indexer commits: provisional events have nothing to refetch yet
          if (event.provisional) return;
          for (const queryKey of staleKeysFor(event)) refreshLive(queryClient, queryKey);
        },
      },
    );
    return () => subscription.close();
  }, [queryClient]);
  return null;
}

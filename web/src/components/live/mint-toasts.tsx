/**
 * A bottom-left toast for every Vera minted anywhere in the game, straight from the live stream. Mounted once,
 * in the browser only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { subscribeLive } from '../../live/live-client.ts';
import { mintDetail, mintHeadline, mintPayload, retractionNote } from '../../live/mint.ts';
import type { ActivityEvent } from '../../live/protocol.ts';

export function MintToasts() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const toasted = new Set<string>();
    const subscription = subscribeLive(
      { topics: ['mint'] },
      {
        onEvent(event: ActivityEvent) {
          const mint = mintPayload(event);
          if (!mint) return;
          // shown at once when provisional; its confirmation is the same mint, already toasted
          if (toasted.has(event.cursor)) return;
          toasted.add(event.cursor);
          if (toasted.size > 1000) toasted.delete(toasted.values().next().value as string);
          toast(mintHeadline(mint), {
            id: `mint-${event.cursor}`,
            position: 'bottom-left',
            description: mintDetail(mint),
            className: 'mint-toast',
            action: {
              label: 'View',
              onClick: () => void navigate({ to: '/vera/$id', params: { id: mint.veraId } }),
            },
          });
          // the home page's recent mints read this key: rendered after the toast, in a task of its own
          setTimeout(() =>
            queryClient.setQueryData<ActivityEvent[]>(['recent-mints-live'], (old = []) =>
              [event, ...old].slice(0, 20),
            ),
          );
        },
        onRetract(cursors) {
          const removed = cursors.filter((c) => toasted.delete(c));
          for (const cursor of removed) toast.dismiss(`mint-${cursor}`);
          queryClient.setQueryData<ActivityEvent[]>(['recent-mints-live'], (old = []) =>
            old.filter((e) => !removed.includes(e.cursor)),
          );
          if (removed.length > 0) {
            toast(retractionNote(removed.length), { position: 'bottom-left', className: 'mint-toast' });
          }
        },
      },
    );
    return () => subscription.close();
  }, [navigate, queryClient]);

  return null;
}

/**
 * A bottom-left toast for every Vera minted anywhere in the game, straight from the live stream. Mounted once,
 * in the browser only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { subscribeLive } from '../../live/live-client.ts';
import { mintDetail, mintHeadline, mintPayload } from '../../live/mint.ts';
import type { ActivityEvent } from '../../live/protocol.ts';

export function MintToasts() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const subscription = subscribeLive(
      { topics: ['mint'] },
      {
        onEvent(event: ActivityEvent) {
          const mint = mintPayload(event);
          if (!mint) return;
          // the home page's recent mints read this key
          queryClient.setQueryData<ActivityEvent[]>(['recent-mints-live'], (old = []) =>
            [event, ...old].slice(0, 20),
          );
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
        },
        onRetract(cursors) {
          for (const cursor of cursors) toast.dismiss(`mint-${cursor}`);
        },
      },
    );
    return () => subscription.close();
  }, [navigate, queryClient]);

  return null;
}

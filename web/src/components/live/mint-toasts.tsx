/**
 * A bottom-left toast for every Vera minted anywhere in the game, straight from the live stream; bursts collapse
 * into one "N new veras" toast and players can mute them (mint-toast-gate.ts). Mounted once, in the browser only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { subscribeLive } from '../../live/live-client.ts';
import { mintDetail, mintHeadline, mintPayload, retractionNote } from '../../live/mint.ts';
import type { ActivityEvent, MintPayload } from '../../live/protocol.ts';
import {
  BURST_TOAST_ID,
  burstHeadline,
  createMintGate,
  mintToastsMuted,
  setMintToastsMuted,
} from './mint-toast-gate.ts';

const MUTE_ACTION = {
  label: 'Mute',
  onClick: () => {
    setMintToastsMuted(true);
    toast('Mint toasts muted', {
      id: 'mint-mute',
      position: 'bottom-left',
      description: 'Turn them back on with the bell in the header.',
      action: { label: 'Undo', onClick: () => setMintToastsMuted(false) },
    });
  },
};

export function MintToasts() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const gate = createMintGate(mintToastsMuted);
    /** cursor -> the headline its single toast shows ('' when it went into a burst or was muted) */
    const toasted = new Map<string, string>();
    const singleToast = (cursor: string, mint: MintPayload) => ({
      id: `mint-${cursor}`,
      position: 'bottom-left' as const,
      description: mintDetail(mint),
      className: 'mint-toast',
      action: {
        label: 'View',
        onClick: () => void navigate({ to: '/vera/$id', params: { id: mint.veraId } }),
      },
      cancel: MUTE_ACTION,
    });
    const subscription = subscribeLive(
      { topics: ['mint'] },
      {
        onEvent(event: ActivityEvent) {
          const mint = mintPayload(event);
          if (!mint) return;
          const id = `mint-${event.cursor}`;
          // shown at once when provisional; its confirmation is the same mint, already toasted. Only when the
          // indexer knows more than the node did (a name the gateway had not heard yet) is the toast updated.
          const shown = toasted.get(event.cursor);
          if (shown !== undefined) {
            if (!event.provisional && shown !== '' && shown !== mintHeadline(mint)) {
              toasted.set(event.cursor, mintHeadline(mint));
              toast(mintHeadline(mint), singleToast(event.cursor, mint));
            }
            return;
          }
          if (toasted.size > 1000) toasted.delete(toasted.keys().next().value as string);
          // the home page's recent mints read this key: rendered after the toast, in a task of its own
          setTimeout(() =>
            queryClient.setQueryData<ActivityEvent[]>(['recent-mints-live'], (old = []) =>
              [event, ...old].slice(0, 20),
            ),
          );
          const decision = gate.admit(id, Date.now());
          toasted.set(event.cursor, decision.kind === 'single' ? mintHeadline(mint) : '');
          if (decision.kind === 'muted') return;
          if (decision.kind === 'burst') {
            for (const single of decision.dismiss) toast.dismiss(single);
            toast(burstHeadline(decision.count), {
              id: BURST_TOAST_ID,
              position: 'bottom-left',
              description: `Latest: ${mintHeadline(mint)}`,
              className: 'mint-toast',
              action: { label: 'See all', onClick: () => void navigate({ to: '/live' }) },
              cancel: MUTE_ACTION,
            });
            return;
          }
          toast(mintHeadline(mint), singleToast(event.cursor, mint));
        },
        onRetract(cursors) {
          const removed = cursors.filter((c) => toasted.delete(c));
          for (const cursor of removed) {
            toast.dismiss(`mint-${cursor}`);
            gate.forget(`mint-${cursor}`);
          }
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

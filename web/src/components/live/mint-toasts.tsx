/**
 * A bottom-left toast for every Vera minted anywhere in the game, straight from the live stream; bursts collapse
 * into one summary per window that names the latest mint (mint-toast-gate.ts), and players can mute them. The
 * connected player's own mints are theirs to see (my-moment-toasts.tsx), never collapsed or muted: skipped here.
 * The burst toast is rewritten at most once per animation frame (the latest count and mint of the frames before
 * that paint): each rewrite costs sonner a render of the stack and a measurement of the toast. Mounted once, in
 * the browser only.
 */
import { isMyMint } from '@skald/game';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { usePlayer } from '../../lib/hooks.ts';
import { beforeNextPaint } from '../../live/frame-batch.ts';
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
  const { characterId, address } = usePlayer();
  const me = useRef({ characterId, address });
  me.current = { characterId, address };

  useEffect(() => {
    const gate = createMintGate(mintToastsMuted);
    let closed = false;
    /** the burst toast to show before the next paint (the latest one wins) */
    let burstToShow: (() => void) | undefined;
    const showBurst = (show: () => void) => {
      const scheduled = burstToShow !== undefined;
      burstToShow = show;
      if (scheduled) return;
      beforeNextPaint(() => {
        const latest = burstToShow;
        burstToShow = undefined;
        if (!closed && !mintToastsMuted()) latest?.();
      });
    };
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
          if (!mint || isMyMint(me.current, event)) return;
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
          const decision = gate.admit(id, Date.now());
          toasted.set(event.cursor, decision.kind === 'single' ? mintHeadline(mint) : '');
          if (decision.kind === 'muted') return;
          if (decision.kind === 'burst') {
            for (const single of decision.dismiss) toast.dismiss(single);
            const count = decision.count;
            showBurst(() =>
              toast(burstHeadline(count), {
                id: BURST_TOAST_ID,
                position: 'bottom-left',
                description: (
                  <>
                    Latest: {mintHeadline(mint)} ·{' '}
                    <Link to="/live" search={{ type: 'mint' }}>
                      See all
                    </Link>
                  </>
                ),
                className: 'mint-toast mint-burst',
                action: {
                  label: 'View',
                  onClick: () => void navigate({ to: '/vera/$id', params: { id: mint.veraId } }),
                },
                cancel: MUTE_ACTION,
              }),
            );
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
          if (removed.length > 0) {
            toast(retractionNote(removed.length), { position: 'bottom-left', className: 'mint-toast' });
          }
        },
      },
    );
    return () => {
      closed = true;
      subscription.close();
    };
  }, [navigate]);

  return null;
}

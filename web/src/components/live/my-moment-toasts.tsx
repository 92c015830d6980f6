/**
 * The connected player's own moments (@skald/game `myMoment`): their mint or a vera granted to them, a battle
 * found or decided, a challenge, a clan invite, a join request answered, a grant. Each gets a toast of its own
 * with the action that fits, never collapsed into the burst of other players' mints and never muted with them.
 * One subscription for the player's viking (the stream sends every event naming it, on either side), opened
 * when the wallet's viking is known. A provisional event shows at once; its confirmation updates the same toast;
 * a retraction removes it. A clan's jarl and officers also hear of each request to join it.
 */
import { ClanRank, type Me, type MomentTarget, myMoment } from '@skald/game';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { vikingQueryOptions } from '../../api/queries.ts';
import { useApi, usePlayer } from '../../lib/hooks.ts';
import { subscribeLive } from '../../live/live-client.ts';
import type { ActivityEvent } from '../../live/protocol.ts';

/** A moment stays up longer than a passing toast: it is about the player (spec default 4 s for the rest). */
const MOMENT_DURATION_MS = 10_000;

export function MyMomentToasts() {
  const navigate = useNavigate();
  const { characterId, address } = usePlayer();

  useEffect(() => {
    if (!characterId || characterId === '0') return;
    const me: Me = { characterId, address };
    const go = (target: MomentTarget) => {
      switch (target.page) {
        case 'vera':
          return navigate({ to: '/vera/$id', params: { id: target.id } });
        case 'battle':
          return navigate({ to: '/battle/$id', params: { id: target.id } });
        case 'clan':
          return navigate({ to: '/clans/$id', params: { id: target.id } });
        case 'viking':
          return navigate({ to: '/viking/$id', params: { id: target.id } });
        default:
          return navigate({ to: '/arena' });
      }
    };
    const shown = new Set<string>();
    const subscription = subscribeLive(
      { topics: ['mint', 'battle', 'clan', 'grant'], viking: characterId },
      {
        onEvent(event: ActivityEvent) {
          const moment = myMoment(me, event);
          if (!moment) return;
          // a confirmation of a moment already shown updates it in place (same id), without a second toast
          if (shown.has(moment.id) && event.provisional) return;
          shown.add(moment.id);
          if (shown.size > 500) shown.delete(shown.values().next().value as string);
          const isMint = event.type === 'mint';
          const show =
            moment.tone === 'success'
              ? toast.success
              : moment.tone === 'warning'
                ? toast.warning
                : toast.info;
          show(moment.title, {
            id: moment.id,
            // the spec puts mint toasts bottom-left, every other notification bottom-right
            position: isMint ? 'bottom-left' : 'bottom-right',
            description: moment.detail,
            duration: MOMENT_DURATION_MS,
            className: 'my-moment-toast',
            action: { label: moment.action.label, onClick: () => void go(moment.action.go) },
          });
        },
        onRetract(cursors) {
          for (const cursor of cursors) {
            if (shown.delete(`me-${cursor}`)) toast.dismiss(`me-${cursor}`);
          }
        },
      },
    );
    return () => subscription.close();
  }, [characterId, address, navigate]);

  useJoinRequestToasts(characterId);
  return null;
}

/**
 * For a clan's jarl or officers: a toast for each request to join it, with Answer (the clan page). The clan's own
 * subscription carries them (the request names the asking viking, not the clan's leaders).
 */
function useJoinRequestToasts(characterId: string | undefined) {
  const api = useApi();
  const navigate = useNavigate();
  const profile = useQuery({
    ...vikingQueryOptions(api, characterId ?? '0'),
    enabled: characterId !== undefined && characterId !== '0',
  });
  const clan = profile.data?.clan;
  const clanId = clan && clan.rank >= ClanRank.officer ? clan.id : undefined;
  const clanName = clan ? `[${clan.tag}] ${clan.name}` : '';
  useEffect(() => {
    if (!clanId) return;
    const shown = new Set<string>();
    const subscription = subscribeLive(
      { topics: ['clan'], clan: clanId },
      {
        onEvent(event: ActivityEvent) {
          if (event.kind !== 'ClanJoinRequested' || shown.has(event.cursor)) return;
          shown.add(event.cursor);
          const who = event.names?.character ?? `viking #${event.characterId ?? '?'}`;
          toast.info(`${who} asks to join ${clanName}`, {
            id: `me-${event.cursor}`,
            position: 'bottom-right',
            duration: MOMENT_DURATION_MS,
            className: 'my-moment-toast',
            action: {
              label: 'Answer',
              onClick: () => void navigate({ to: '/clans/$id', params: { id: clanId } }),
            },
          });
        },
        onRetract(cursors) {
          for (const cursor of cursors) if (shown.delete(cursor)) toast.dismiss(`me-${cursor}`);
        },
      },
    );
    return () => subscription.close();
  }, [clanId, clanName, navigate]);
}

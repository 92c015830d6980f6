import type { BattleDetail } from '@skald/wire/rest';
import { useQueryClient } from '@tanstack/react-query';
import { refreshLive } from '../../../live/refresh.ts';
import { useLiveView } from '../../../live/use-live-view.ts';

const BATTLES = { topics: ['battle' as const], confirmedOnly: true };

/**
 * The battle follows the stream: a battle event of either side refetches it. The answer carries no cursor, so
 * it is read once more when the subscription is acknowledged: that read and the events after it miss nothing.
 */
export function useBattleFollow(battle: BattleDetail) {
  const queryClient = useQueryClient();
  const sides = new Set(battle.sides.map((s) => s.characterId));
  const refetch = () => refreshLive(queryClient, ['battle', battle.id]);
  useLiveView({
    request: BATTLES,
    keep: 0,
    onLive: refetch,
    onConfirmed: (events) => {
      const ours = (id?: string) => id !== undefined && sides.has(id);
      if (events.some((e) => ours(e.characterId) || ours(e.otherCharacterId))) refetch();
    },
    onRetracted: refetch,
  });
}

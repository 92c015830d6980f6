import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Api } from '../../../api/client.ts';
import { eloHistoryQueryOptions, LEADERBOARD_PAGE, leaderboardQueryOptions } from '../../../api/queries.ts';
import { refreshLive } from '../../../live/refresh.ts';
import { useLiveView } from '../../../live/use-live-view.ts';

const BATTLES = { topics: ['battle' as const], confirmedOnly: true };

/**
 * One page of a board (the previous one shown while the next loads), the elo history of the viking in focus (the
 * one asked for, else the first row), both followed live, and how far each row moved since the last read.
 */
export function useBoard(api: Api, type: number, page: number, name: string, player: string | undefined) {
  const board = useQuery({
    ...leaderboardQueryOptions(api, type, page, name),
    placeholderData: keepPreviousData,
  });
  const rows = board.data?.items ?? [];
  const total = board.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEADERBOARD_PAGE));
  const focus = player ?? rows[0]?.characterId;
  const history = useQuery({
    ...eloHistoryQueryOptions(api, focus ?? '0', type),
    enabled: focus !== undefined,
  });
  const previous = useRef(new Map<string, number>());

  // the board follows the stream from the cursor it was read at: a battle after that read refetches it
  const queryClient = useQueryClient();
  const refreshBoard = () => {
    refreshLive(queryClient, ['leaderboard']);
    refreshLive(queryClient, ['elo-history']);
  };
  useLiveView({
    request: BATTLES,
    from: board.data?.asOf,
    keep: 0,
    enabled: board.data !== undefined,
    onLive: () => {
      if (board.data?.asOf == null) void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
    },
    onConfirmed: () => refreshBoard(),
    onRetracted: () => refreshBoard(),
  });

  // live rank moves: rows show how far they moved since the last read
  const moves = new Map<string, number>();
  for (const row of rows) {
    const before = previous.current.get(row.characterId);
    if (before !== undefined && before !== row.rank) moves.set(row.characterId, before - row.rank);
  }
  useEffect(() => {
    previous.current = new Map(rows.map((r) => [r.characterId, r.rank]));
  });

  return { board, rows, total, pages, focus, history, moves };
}

/**
 * Live refetches on a budget (live/refresh.ts): a shown read is refetched at once for the first event, then at
 * most once per window however many events come, and the last event of a window is never left unshown.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_MS, refreshLive } from '../src/live/refresh.ts';

describe('refreshLive', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** a query on screen (one observer), counting its fetches */
  const shown = (client: QueryClient, queryKey: unknown[]) => {
    const fetches = { n: 0 };
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: async () => ++fetches.n,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stop = observer.subscribe(() => {});
    return { fetches, stop };
  };

  it('refetches at once, then once per window with the last event in it', async () => {
    const client = new QueryClient();
    const board = shown(client, ['leaderboard', 1]);
    const clan = shown(client, ['clan', '7']);
    await vi.runAllTimersAsync();
    expect(board.fetches.n).toBe(1);

    refreshLive(client, ['leaderboard']);
    await vi.advanceTimersByTimeAsync(0);
    expect(board.fetches.n).toBe(2); // the first event: at once

    // ten more events within the window: nothing yet, then one refetch at its end
    for (let i = 1; i <= 10; i++) {
      await vi.advanceTimersByTimeAsync(50);
      refreshLive(client, ['leaderboard']);
    }
    await vi.advanceTimersByTimeAsync(REFRESH_MS - 500 - 10);
    expect(board.fetches.n).toBe(2);
    await vi.advanceTimersByTimeAsync(20);
    expect(board.fetches.n).toBe(3);

    // other keys keep their own windows
    refreshLive(client, ['clan', '7']);
    await vi.advanceTimersByTimeAsync(0);
    expect(clan.fetches.n).toBe(2);
    expect(board.fetches.n).toBe(3);

    // a quiet window later, the next event is again at once
    await vi.advanceTimersByTimeAsync(REFRESH_MS * 2);
    refreshLive(client, ['leaderboard']);
    await vi.advanceTimersByTimeAsync(0);
    expect(board.fetches.n).toBe(4);
    board.stop();
    clan.stop();
  });
});

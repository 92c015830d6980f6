/**
 * Reads that live events make out of date are refetched on a budget. Every confirmed event used to invalidate
 * its keys at once, so with the bots playing a page refetched its leaderboard or battle for each block that
 * carried a battle (and cancelled the fetch before it): a request, a JSON parse and a React commit each time, on
 * a phone's main thread. Now a key is refetched at once when nothing refreshed it in the last REFRESH_MS, and
 * otherwise once at the end of that window, so the page still shows every change, at most REFRESH_MS late,
 * and a busy world costs one refetch per key per window. A player's own transaction refetches at once
 * (use-transactor.ts does not come here).
 */
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

export const REFRESH_MS = 1000;

type Slot = { at: number; timer?: ReturnType<typeof setTimeout> };
const slots = new WeakMap<QueryClient, Map<string, Slot>>();

/** Invalidates `queryKey` (a prefix, as invalidateQueries takes it) now, or at the end of its window. */
export function refreshLive(queryClient: QueryClient, queryKey: QueryKey): void {
  const now = Date.now();
  let byKey = slots.get(queryClient);
  if (!byKey) {
    byKey = new Map();
    slots.set(queryClient, byKey);
  }
  const id = hashKey(queryKey);
  const slot = byKey.get(id);
  if (!slot || now - slot.at >= REFRESH_MS) {
    byKey.set(id, { at: now });
    void queryClient.invalidateQueries({ queryKey });
    return;
  }
  if (slot.timer !== undefined) return;
  slot.timer = setTimeout(
    () => {
      byKey.set(id, { at: Date.now() });
      void queryClient.invalidateQueries({ queryKey });
    },
    slot.at + REFRESH_MS - now,
  );
}

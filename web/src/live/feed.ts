/**
 * The /live feed's state as pure functions: newest first, each cursor once, capped, with retracted events
 * removed and counted, the per-bucket activity rate for the chart, and which fixed-height rows a scrolled
 * window shows.
 */
import { parseActivityTypes } from '@skald/game';
import type { ActivityEvent } from './protocol.ts';

export const FEED_CAP = 2_000;

/** /live's search params: `?type=grant,battle`, the feed's filters (see the route's `parseLiveSearch`). */
export type LiveSearch = { type?: string };

export type Feed = { events: ActivityEvent[]; retracted: number };

export const emptyFeed: Feed = { events: [], retracted: 0 };

/** Where `cursor` is in `events` (newest first), or -1: a binary search. */
function indexOfCursor(events: readonly ActivityEvent[], cursor: string): number {
  let lo = 0;
  let hi = events.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = (events[mid] as ActivityEvent).cursor;
    if (at === cursor) return mid;
    if (at > cursor) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const newestFirst = (a: ActivityEvent, b: ActivityEvent) =>
  a.cursor < b.cursor ? 1 : a.cursor > b.cursor ? -1 : 0;

/**
 * Adds a frame's events, keeping the newest `cap`. A confirmed event whose cursor is shown provisionally replaces
 * it in place (the indexer committed it); any other repeat of a cursor is ignored. The work grows with the frame,
 * not with the rows kept: shown cursors are found by binary search, and the new rows (newest first) are merged
 * into the kept ones, which are already in order.
 */
export function addEvents(feed: Feed, incoming: readonly ActivityEvent[], cap = FEED_CAP): Feed {
  if (incoming.length === 0) return feed;
  const fresh = new Map<string, ActivityEvent>();
  const upgraded = new Map<number, ActivityEvent>();
  for (const event of incoming) {
    const held = fresh.get(event.cursor);
    if (held) {
      if (held.provisional && !event.provisional) fresh.set(event.cursor, event);
      continue;
    }
    const index = indexOfCursor(feed.events, event.cursor);
    if (index >= 0) {
      const shown = upgraded.get(index) ?? (feed.events[index] as ActivityEvent);
      if (shown.provisional && !event.provisional) upgraded.set(index, event);
      continue;
    }
    fresh.set(event.cursor, event);
  }
  if (fresh.size === 0 && upgraded.size === 0) return feed;
  let kept = feed.events;
  if (upgraded.size > 0) {
    kept = [...feed.events];
    for (const [index, event] of upgraded) kept[index] = event;
  }
  const added = [...fresh.values()].sort(newestFirst);
  const events: ActivityEvent[] = [];
  let a = 0;
  let k = 0;
  while (events.length < cap && (a < added.length || k < kept.length)) {
    const next = added[a];
    const old = kept[k];
    if (next && (!old || next.cursor > old.cursor)) {
      events.push(next);
      a++;
    } else {
      events.push(old as ActivityEvent);
      k++;
    }
  }
  return { ...feed, events };
}

export function retractEvents(feed: Feed, cursors: string[]): Feed {
  const gone = new Set(cursors);
  const events = feed.events.filter((e) => !gone.has(e.cursor));
  return { events, retracted: feed.retracted + (feed.events.length - events.length) };
}

export function filterEvents(events: ActivityEvent[], types: ReadonlySet<string>): ActivityEvent[] {
  return types.size === 0 ? events : events.filter((e) => types.has(e.type));
}

/** The set of types a `?type=` value selects (empty: every type). */
export function searchTypes(search: LiveSearch): ReadonlySet<string> {
  return new Set(parseActivityTypes(search.type));
}

/** The `?type=` value after toggling one type (undefined when none is left). */
export function toggleSearchType(search: LiveSearch, type: string): string | undefined {
  const types = new Set(searchTypes(search));
  if (types.has(type)) types.delete(type);
  else types.add(type);
  const next = parseActivityTypes([...types]);
  return next.length > 0 ? next.join(',') : undefined;
}

/** Rows [start, end) a window of `viewportPx` scrolled to `scrollTop` shows, `overscan` extra each side. */
export function windowRange(
  count: number,
  scrollTop: number,
  viewportPx: number,
  rowPx: number,
  overscan = 6,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowPx);
  const last = Math.ceil((Math.max(0, scrollTop) + viewportPx) / rowPx);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
}

/** Events per bucket over the last `buckets` buckets ending at `nowS` (oldest first). */
export function activityRate(
  events: ActivityEvent[],
  nowS: number,
  bucketS = 10,
  buckets = 30,
  /** counts per second of events the page does not hold (older than its rows), from `/api/activity/seconds` */
  earlier: readonly { t: number; n: number }[] = [],
): number[] {
  const counts = new Array<number>(buckets).fill(0);
  const start = nowS - bucketS * buckets;
  const add = (t: number, n: number) => {
    if (t <= start || t > nowS) return;
    const index = Math.min(buckets - 1, Math.floor((t - start - 1) / bucketS));
    counts[index] = (counts[index] ?? 0) + n;
  };
  for (const e of events) add(e.timestamp, 1);
  for (const s of earlier) add(s.t, s.n);
  return counts;
}

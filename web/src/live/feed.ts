/**
 * The /live feed's state as pure functions: newest first, each cursor once, capped, with retracted events
 * removed and counted, plus the per-bucket activity rate for the chart.
 */
import type { ActivityEvent } from './protocol.ts';

export const FEED_CAP = 2_000;

export type Feed = { events: ActivityEvent[]; retracted: number };

export const emptyFeed: Feed = { events: [], retracted: 0 };

/**
 * Adds a frame's events. A confirmed event whose cursor is shown provisionally replaces it in place (the
 * indexer committed it); any other repeat of a cursor is ignored.
 */
export function addEvents(feed: Feed, incoming: ActivityEvent[]): Feed {
  if (incoming.length === 0) return feed;
  const known = new Map(feed.events.map((e) => [e.cursor, e]));
  const fresh: ActivityEvent[] = [];
  const upgraded = new Map<string, ActivityEvent>();
  for (const event of incoming) {
    const shown = known.get(event.cursor);
    if (shown) {
      if (shown.provisional && !event.provisional) upgraded.set(event.cursor, event);
      continue;
    }
    known.set(event.cursor, event);
    fresh.push(event);
  }
  if (fresh.length === 0 && upgraded.size === 0) return feed;
  const kept = upgraded.size === 0 ? feed.events : feed.events.map((e) => upgraded.get(e.cursor) ?? e);
  const events = [...fresh, ...kept].sort((a, b) => (a.cursor < b.cursor ? 1 : a.cursor > b.cursor ? -1 : 0));
  return { ...feed, events: events.slice(0, FEED_CAP) };
}

export function retractEvents(feed: Feed, cursors: string[]): Feed {
  const gone = new Set(cursors);
  const events = feed.events.filter((e) => !gone.has(e.cursor));
  return { events, retracted: feed.retracted + (feed.events.length - events.length) };
}

export function filterEvents(events: ActivityEvent[], types: ReadonlySet<string>): ActivityEvent[] {
  return types.size === 0 ? events : events.filter((e) => types.has(e.type));
}

/** Events per bucket over the last `buckets` buckets ending at `nowS` (oldest first). */
export function activityRate(events: ActivityEvent[], nowS: number, bucketS = 10, buckets = 30): number[] {
  const counts = new Array<number>(buckets).fill(0);
  const start = nowS - bucketS * buckets;
  for (const e of events) {
    if (e.timestamp <= start || e.timestamp > nowS) continue;
    const index = Math.min(buckets - 1, Math.floor((e.timestamp - start - 1) / bucketS));
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts;
}

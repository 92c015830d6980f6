/**
 * The /live feed's events: the loaded history, then the live stream after the cursor that history was read at
 * (a confirmed copy replaces its provisional row in place; retracted rows go). While paused, frames wait in a
 * buffer that resuming flushes into the feed. All of it is the shared live view (live/live-view.ts).
 */
import type { ActivityPage } from '@skald/wire/rest';
import { FEED_CAP } from '../../live/feed.ts';
import { useLiveView } from '../../live/use-live-view.ts';

const ALL = { topics: ['all' as const] };

export function useLiveEvents(history: ActivityPage | null) {
  const view = useLiveView({ request: ALL, from: history?.asOf, history: history?.items, keep: FEED_CAP });
  const feed = { events: view.events, retracted: view.retracted };
  return {
    feed,
    status: view.status,
    paused: view.paused,
    waiting: view.waiting,
    togglePause: view.togglePause,
  };
}

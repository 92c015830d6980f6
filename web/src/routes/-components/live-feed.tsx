/**
 * /live: every event of the game as one readable sentence per row ("Ulf8 granted 500 runix to Freydis3"), newest
 * first: the latest history from the gateway, then the live stream on top (provisional rows marked "pending"
 * until confirmed; retracted rows removed with a note). Filters per activity type live in the URL
 * (`?type=grant,battle`); times tick; an activity chart shows the last 5 minutes (the gateway
 * counts the part of it older than the loaded rows). Rows have one fixed height and
 * the list scrolls inside a box of fixed height, so rows arriving live never move the page around them; a
 * reader scrolled down keeps their rows in place and sees an "N new events" notice instead.
 */

import type { ActivityPage } from '@skald/wire/rest';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { activitySecondsQueryOptions } from '../../api/queries.ts';
import { useApi } from '../../lib/hooks.ts';
import {
  activityRate,
  filterEvents,
  type LiveSearch,
  searchTypes,
  toggleSearchType,
  windowRange,
} from '../../live/feed.ts';
import { retractionNote } from '../../live/mint.ts';
import { ActivityChart, BUCKET_S, BUCKETS } from './activity-chart.tsx';
import { LiveControls } from './live-controls.tsx';
import { LiveRow } from './live-row.tsx';
import { useAnchoredScroll } from './use-anchored-scroll.ts';
import { useLiveEvents } from './use-live-events.ts';
import { useNow } from './use-now.ts';

const EMPTY: { t: number; n: number }[] = [];

/** Every row's height (px); the stylesheet's .live-row matches it. */
export const ROW_PX = 52;
/** The list box's height before the browser has measured it (server render). */
const FIRST_VIEWPORT_PX = 520;
/** How often the chart moves along with the clock when no event arrives (new events show at once). */
const CHART_EVERY_MS = 5_000;

/** `history`: the newest rows of the selected types (the route's loader), null when the gateway did not answer */
export function LiveFeed({ search, history }: { search: LiveSearch; history: ActivityPage | null }) {
  const navigate = useNavigate({ from: '/live' });
  const types = useMemo(() => searchTypes(search), [search]);
  const { feed, status, paused, waiting, togglePause } = useLiveEvents(history);
  // the first render (server and hydration alike) counts time from the newest event, so both agree
  const [firstNow] = useState(() => (feed.events[0]?.timestamp ?? 0) * 1000);
  const visible = useMemo(() => filterEvents(feed.events, types), [feed.events, types]);
  // the chart on a budget: it follows the clock every CHART_EVERY_MS, and new rows at once (each row's age
  // ticks by itself, see LiveRow)
  const chartTick = useNow(firstNow, CHART_EVERY_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows move the chart's clock to the moment they came
  const now = useMemo(
    () => (chartTick === firstNow ? firstNow : Math.max(chartTick, Date.now())),
    [chartTick, firstNow, visible],
  );
  // a reader scrolled into the list keeps the row they were reading where it was; rows that arrived above it
  // are counted in the "new events" notice
  const { scroller, scroll, unseen, onScroll, toTop } = useAnchoredScroll(visible, ROW_PX, FIRST_VIEWPORT_PX);

  const nowS = Math.floor(now / 1000);
  // the chart's window reaches back past the loaded rows: the gateway counts the events before them per second
  const loadedOldest = history?.next ? history.items.at(-1) : undefined;
  const windowStart = (history?.items[0]?.timestamp ?? 0) - BUCKET_S * (BUCKETS + 1);
  const api = useApi();
  const earlier = useQuery({
    ...activitySecondsQueryOptions(api, {
      type: search.type,
      before: loadedOldest?.cursor ?? '',
      since: windowStart,
    }),
    enabled: loadedOldest !== undefined && loadedOldest.timestamp > windowStart,
  });
  const seconds = earlier.data?.items ?? EMPTY;
  const rate = useMemo(
    () => activityRate(visible, nowS, BUCKET_S, BUCKETS, seconds),
    [visible, nowS, seconds],
  );
  // what the chart knows: everything from the counts' start (or the loaded rows' start while they load, or when
  // the gateway did not answer); a feed that dropped its oldest rows (FEED_CAP) knows only what it still holds
  const held = visible.at(-1);
  const knownFrom =
    loadedOldest === undefined
      ? null
      : held !== undefined && held.cursor > loadedOldest.cursor
        ? held.timestamp
        : earlier.data
          ? earlier.data.from
          : loadedOldest.timestamp;
  const range = windowRange(visible.length, scroll.top, scroll.height, ROW_PX);
  const rows = visible.slice(range.start, range.end);

  const setType = (type: string) =>
    navigate({ search: (s: LiveSearch) => ({ ...s, type: toggleSearchType(s, type) }), replace: true });

  return (
    <div>
      <LiveControls
        types={types}
        onType={setType}
        status={status}
        paused={paused}
        waiting={waiting}
        onTogglePause={togglePause}
      />
      <ActivityChart
        counts={rate}
        nowS={nowS}
        knownFrom={knownFrom}
        label={types.size > 0 ? `Activity: ${[...types].join(', ')}` : 'Activity'}
      />
      {/* one line always held, so a retraction note never pushes the list down */}
      <p className="muted live-note" role="status">
        {feed.retracted > 0 ? `${retractionNote(feed.retracted)}.` : ''}
      </p>
      <div
        className="live-list"
        ref={scroller}
        role="log"
        aria-label="Live events"
        aria-live="off"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        onScroll={(e) => onScroll(e.currentTarget)}
      >
        {unseen > 0 ? (
          <button type="button" className="primary new-events" onClick={toTop}>
            {unseen} new event{unseen === 1 ? '' : 's'}
          </button>
        ) : null}
        <ul className="feed live-rows" style={{ height: visible.length * ROW_PX }}>
          {rows.map((event, i) => (
            <LiveRow
              key={event.cursor}
              event={event}
              bottom={(visible.length - 1 - range.start - i) * ROW_PX}
              firstNow={firstNow}
            />
          ))}
        </ul>
        {visible.length === 0 ? (
          <p className="muted" style={{ padding: 12 }}>
            Waiting for the next event…
          </p>
        ) : null}
      </div>
    </div>
  );
}

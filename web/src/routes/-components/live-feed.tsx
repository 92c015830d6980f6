/**
 * /live: every event of the game as one readable sentence per row ("Ulf8 granted 500 runix to Freydis3"), newest
 * first: the latest history from the gateway, then the live stream on top (provisional rows marked "pending"
 * until confirmed; retracted rows removed with a note). Filters per activity type live in the URL
 * (`?type=grant,battle`); times tick; an activity chart shows the last 5 minutes. Rows have one fixed height and
 * the list scrolls inside a box of fixed height, so rows arriving live never move the page around them; a
 * reader scrolled down keeps their rows in place and sees an "N new events" notice instead.
 */

import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES } from '@skald/game';
import type { ActivityPage } from '@skald/wire/rest';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { relativeTime, utcDate } from '../../lib/format.ts';
import { describeActivity } from '../../live/describe.ts';
import {
  activityRate,
  addEvents,
  emptyFeed,
  type Feed,
  filterEvents,
  retractEvents,
  searchTypes,
  toggleSearchType,
  windowRange,
} from '../../live/feed.ts';
import { type LiveStatus, subscribeLive } from '../../live/live-client.ts';
import { retractionNote } from '../../live/mint.ts';
import type { ActivityEvent } from '../../live/protocol.ts';
import type { LiveSearch } from '../live.tsx';
import { ActivityChart, BUCKET_S, BUCKETS } from './activity-chart.tsx';

/** Every row's height (px); the stylesheet's .live-row matches it. */
export const ROW_PX = 52;
/** The list box's height before the browser has measured it (server render). */
const FIRST_VIEWPORT_PX = 520;

/** `history`: the newest rows of the selected types (the route's loader), null when the gateway did not answer */
export function LiveFeed({ search, history }: { search: LiveSearch; history: ActivityPage | null }) {
  const navigate = useNavigate({ from: '/live' });
  const types = useMemo(() => searchTypes(search), [search]);
  const [feed, setFeed] = useState<Feed>(() => addEvents(emptyFeed, history?.items ?? []));
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [paused, setPaused] = useState(false);
  const [unseen, setUnseen] = useState(0);
  // the first render (server and hydration alike) counts time from the newest event, so both agree
  const [now, setNow] = useState(() => (feed.events[0]?.timestamp ?? 0) * 1000);
  const [scroll, setScroll] = useState({ top: 0, height: FIRST_VIEWPORT_PX });
  const pausedRef = useRef(false);
  const buffer = useRef<ActivityEvent[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ cursor: string; offset: number } | undefined>(undefined);

  // history for the selected types (again after a filter changes) joins whatever the stream brought
  useEffect(() => {
    const items = history?.items;
    if (items) setFeed((f) => addEvents(f, items));
  }, [history]);

  useEffect(() => {
    const sub = subscribeLive(
      { topics: ['all'] },
      {
        // one block at a time; a confirmed copy replaces its provisional row in place
        onFrame(events) {
          if (pausedRef.current) {
            buffer.current.push(...events);
            return;
          }
          setFeed((f) => addEvents(f, events));
        },
        onRetract(cursors) {
          buffer.current = buffer.current.filter((e) => !cursors.includes(e.cursor));
          setFeed((f) => retractEvents(f, cursors));
        },
        onStatus: (s) => setStatus(s),
      },
    );
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => {
      sub.close();
      window.clearInterval(tick);
    };
  }, []);

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const measure = () => setScroll({ top: box.scrollTop, height: box.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const togglePause = () => {
    pausedRef.current = !pausedRef.current;
    setPaused(pausedRef.current);
    if (!pausedRef.current && buffer.current.length > 0) {
      const flushed = buffer.current;
      buffer.current = [];
      setFeed((f) => addEvents(f, flushed));
    }
  };

  const visible = useMemo(() => filterEvents(feed.events, types), [feed.events, types]);

  // a reader scrolled into the list keeps the row they were reading where it was; rows that arrived above it
  // are counted in the "new events" notice
  useLayoutEffect(() => {
    const box = scroller.current;
    const held = anchor.current;
    if (!box || !held) return;
    const index = visible.findIndex((e) => e.cursor === held.cursor);
    if (index < 0) return;
    const top = index * ROW_PX + held.offset;
    if (Math.abs(top - box.scrollTop) >= 1) {
      setUnseen((n) => n + Math.max(0, Math.round((top - box.scrollTop) / ROW_PX)));
      box.scrollTop = top;
    }
  }, [visible]);

  const onScroll = (box: HTMLDivElement) => {
    setScroll({ top: box.scrollTop, height: box.clientHeight });
    if (box.scrollTop <= ROW_PX) {
      anchor.current = undefined;
      setUnseen(0);
      return;
    }
    const index = Math.floor(box.scrollTop / ROW_PX);
    const row = visible[index];
    anchor.current = row ? { cursor: row.cursor, offset: box.scrollTop - index * ROW_PX } : undefined;
  };

  const nowS = Math.floor(now / 1000);
  const rate = useMemo(() => activityRate(visible, nowS, BUCKET_S, BUCKETS), [visible, nowS]);
  // with more history than was loaded, buckets before the oldest loaded event are unknown
  const oldest = visible.at(-1)?.timestamp;
  const knownFrom = history?.next && oldest !== undefined ? oldest : null;
  const range = windowRange(visible.length, scroll.top, scroll.height, ROW_PX);
  const rows = visible.slice(range.start, range.end);

  const setType = (type: string) =>
    navigate({ search: (s: LiveSearch) => ({ ...s, type: toggleSearchType(s, type) }), replace: true });

  return (
    <div>
      <div className="row live-controls">
        <fieldset className="tabs">
          <legend className="sr-only">Event types</legend>
          {ACTIVITY_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className="secondary"
              data-type={type}
              aria-pressed={types.has(type)}
              onClick={() => setType(type)}
            >
              {ACTIVITY_TYPE_LABELS[type]}
            </button>
          ))}
          {types.size > 0 ? (
            <Link to="/live" search={{}} replace className="button secondary">
              All types
            </Link>
          ) : null}
        </fieldset>
        <div className="row">
          <span className="pill" role="status" data-live-status={status}>
            {status === 'live' ? '● live' : status}
          </span>
          <button type="button" className="secondary" onClick={togglePause} aria-pressed={paused}>
            {paused ? `Resume (${buffer.current.length} waiting)` : 'Pause'}
          </button>
        </div>
      </div>
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
          <button
            type="button"
            className="primary new-events"
            onClick={() => {
              anchor.current = undefined;
              scroller.current?.scrollTo({ top: 0 });
              setUnseen(0);
            }}
          >
            {unseen} new event{unseen === 1 ? '' : 's'}
          </button>
        ) : null}
        <ul className="feed live-rows" style={{ height: visible.length * ROW_PX }}>
          {rows.map((event, i) => (
            <LiveRow key={event.cursor} event={event} top={(range.start + i) * ROW_PX} now={now} />
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

function LiveRow({ event, top, now }: { event: ActivityEvent; top: number; now: number }) {
  const sentence = describeActivity(event);
  return (
    <li
      className="live-row"
      data-cursor={event.cursor}
      data-type={event.type}
      data-kind={event.kind}
      data-provisional={event.provisional ? 'true' : undefined}
      style={{ top }}
    >
      <span className="pill">{event.type}</span>
      <time
        className="muted live-time"
        dateTime={new Date(event.timestamp * 1000).toISOString()}
        title={utcDate(event.timestamp)}
      >
        {relativeTime(event.timestamp, now)}
      </time>
      <span className="live-sentence" title={sentence}>
        {event.veraId && event.type === 'mint' ? (
          <Link to="/vera/$id" params={{ id: event.veraId }}>
            {sentence}
          </Link>
        ) : (
          sentence
        )}
      </span>
      {event.provisional ? (
        <span className="muted live-pending" title="Seen on the chain; the index has not confirmed it yet">
          pending
        </span>
      ) : null}
    </li>
  );
}

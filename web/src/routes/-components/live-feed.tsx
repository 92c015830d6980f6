/**
 * /live: every event of the game in a virtualized list, filterable by type, pausable, with an "N new events"
 * notice when the reader has scrolled away from the top, an activity-rate chart, and reorg retractions removed.
 */

import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { relativeTime } from '../../lib/format.ts';
import { describeActivity } from '../../live/describe.ts';
import {
  activityRate,
  addEvents,
  emptyFeed,
  type Feed,
  filterEvents,
  retractEvents,
} from '../../live/feed.ts';
import { type LiveStatus, subscribeLive } from '../../live/live-client.ts';
import type { ActivityEvent } from '../../live/protocol.ts';
import { LIVE_TOPICS } from '../../live/protocol.ts';

const FILTERS = LIVE_TOPICS.filter((t) => t !== 'all');
const ROW_PX = 44;

export function LiveFeed() {
  const [feed, setFeed] = useState<Feed>(emptyFeed);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [paused, setPaused] = useState(false);
  const [types, setTypes] = useState<ReadonlySet<string>>(new Set());
  const [unseen, setUnseen] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const pausedRef = useRef(false);
  const buffer = useRef<ActivityEvent[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  const feedRef = useRef(feed);
  feedRef.current = feed;

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
          if ((scroller.current?.scrollTop ?? 0) > ROW_PX) {
            const shown = new Set(feedRef.current.events.map((e) => e.cursor));
            const fresh = events.filter((e) => !shown.has(e.cursor)).length;
            setUnseen((n) => n + fresh);
          }
        },
        onRetract(cursors) {
          buffer.current = buffer.current.filter((e) => !cursors.includes(e.cursor));
          setFeed((f) => retractEvents(f, cursors));
        },
        onStatus: (s) => setStatus(s),
      },
    );
    const tick = window.setInterval(() => setNow(Date.now()), 5_000);
    return () => {
      sub.close();
      window.clearInterval(tick);
    };
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
  const rate = useMemo(() => activityRate(feed.events, Math.floor(now / 1000)), [feed.events, now]);
  const virtual = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
  });

  const toggleType = (type: string) =>
    setTypes((old) => {
      const next = new Set(old);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });

  return (
    <div>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <fieldset className="tabs">
          <legend className="sr-only">Event types</legend>
          {FILTERS.map((type) => (
            <button
              key={type}
              type="button"
              className="secondary"
              aria-pressed={types.has(type)}
              onClick={() => toggleType(type)}
            >
              {type}
            </button>
          ))}
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
      <RateChart counts={rate} />
      {feed.retracted > 0 ? (
        <p className="muted" role="status">
          {feed.retracted} event{feed.retracted === 1 ? '' : 's'} removed by a chain reorganisation.
        </p>
      ) : null}
      <div
        className="live-list"
        ref={scroller}
        role="log"
        aria-label="Live events"
        aria-live="off"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        onScroll={(e) => {
          if (e.currentTarget.scrollTop <= ROW_PX) setUnseen(0);
        }}
      >
        {unseen > 0 ? (
          <button
            type="button"
            className="primary new-events"
            onClick={() => {
              scroller.current?.scrollTo({ top: 0 });
              setUnseen(0);
            }}
          >
            {unseen} new event{unseen === 1 ? '' : 's'}
          </button>
        ) : null}
        <ul className="feed" style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const event = visible[item.index];
            if (!event) return null;
            return (
              <li
                key={event.cursor}
                className="live-row"
                data-cursor={event.cursor}
                data-type={event.type}
                data-provisional={event.provisional ? 'true' : undefined}
                style={{ top: item.start, height: item.size }}
              >
                <span className="pill">{event.type}</span>
                {event.provisional ? (
                  <span className="muted" title="Seen on the chain; the index has not confirmed it yet">
                    pending
                  </span>
                ) : null}
                <span className="muted" style={{ minWidth: 72 }}>
                  {relativeTime(event.timestamp, now)}
                </span>
                {event.veraId && event.type === 'mint' ? (
                  <Link to="/vera/$id" params={{ id: event.veraId }}>
                    {describeActivity(event)}
                  </Link>
                ) : (
                  <span>{describeActivity(event)}</span>
                )}
              </li>
            );
          })}
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

function RateChart({ counts }: { counts: number[] }) {
  const max = Math.max(1, ...counts);
  const w = 600;
  const h = 80;
  const step = w / Math.max(counts.length - 1, 1);
  const line = counts
    .map(
      (c, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)} ${(h - (c / max) * (h - 6) - 3).toFixed(1)}`,
    )
    .join(' ');
  const total = counts.reduce((a, b) => a + b, 0);
  return (
    <figure style={{ margin: '12px 0' }}>
      <svg
        className="chart"
        viewBox={`0 0 ${w} ${h}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Activity rate: ${total} events in the last 5 minutes`}
      >
        <path className="area" d={`${line} L${w} ${h} L0 ${h} Z`} />
        <path d={line} />
      </svg>
      <figcaption className="muted">{total} events in the last 5 minutes (10 s buckets)</figcaption>
    </figure>
  );
}

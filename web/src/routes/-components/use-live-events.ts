/**
 * The /live feed's events: the loaded history, then every frame of the live stream on top (a confirmed copy
 * replaces its provisional row in place; retracted rows go). While paused, frames wait in a buffer that resuming
 * flushes into the feed.
 */
import type { ActivityPage } from '@skald/wire/rest';
import { useEffect, useRef, useState } from 'react';
import { addEvents, emptyFeed, type Feed, retractEvents } from '../../live/feed.ts';
import { type LiveStatus, subscribeLive } from '../../live/live-client.ts';
import type { ActivityEvent } from '../../live/protocol.ts';

export function useLiveEvents(history: ActivityPage | null) {
  const [feed, setFeed] = useState<Feed>(() => addEvents(emptyFeed, history?.items ?? []));
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(false);
  const buffer = useRef<ActivityEvent[]>([]);

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
    return () => sub.close();
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

  /** frames held while paused */
  const waiting = buffer.current.length;
  return { feed, status, paused, waiting, togglePause };
}

/**
 * `useLiveView`: a LiveView (live-view.ts) for a component. The first render (server and hydration alike) shows
 * the history; the subscription opens after hydration, after the cursor the history was read at, and closes on
 * unmount. `enabled: false` waits (e.g. for data fetched after mount, whose cursor it needs).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { LiveView, type LiveViewOptions, type LiveViewState } from './live-view.ts';

export type UseLiveView = LiveViewState & { togglePause(): void; setPaused(paused: boolean): void };

export function useLiveView(options: LiveViewOptions & { enabled?: boolean }): UseLiveView {
  const [view] = useState(() => new LiveView(options));
  const enabled = options.enabled ?? true;
  // callbacks always; the start cursor until the view has started
  view.setOptions(options);

  useEffect(() => {
    if (!enabled) return;
    view.start();
    return () => view.stop();
  }, [enabled, view]);

  // rows read later (history for another filter) join the view
  const history = options.history;
  useEffect(() => {
    if (history) view.addHistory(history);
  }, [view, history]);

  const state = useSyncExternalStore(view.subscribe, view.getState, view.getState);
  return { ...state, togglePause: () => view.togglePause(), setPaused: (p) => view.setPaused(p) };
}

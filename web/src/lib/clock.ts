/**
 * The tab's one ticking wall clock for texts like "12s ago": a single timer, once a second, only while something
 * shows such a text. A component reads the text it shows (`useClockText`), so a tick re-renders only the texts
 * that changed ("12s ago" -> "13s ago"; "5m ago" stays as it is for a minute), never the page around them.
 */
import { useSyncExternalStore } from 'react';

const TICK_MS = 1000;
const listeners = new Set<() => void>();
let now = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  now = Date.now();
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The clock's time (ms): the last tick's while it ticks, so every text of one tick reads the same moment. */
export function clockNow(): number {
  return timer === undefined ? Date.now() : now;
}

/**
 * `text` of the ticking clock. The first render (the server's and hydration's) reads `firstMs` when given (so
 * both agree), else the clock at that moment.
 */
export function useClockText(text: (nowMs: number) => string, firstMs?: number): string {
  return useSyncExternalStore(
    subscribe,
    () => text(clockNow()),
    () => text(firstMs ?? clockNow()),
  );
}

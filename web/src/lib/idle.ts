type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** In the page's performance timeline when the first deferred work starts (bench:web-first-load reads it). */
export const DEFERRED_MARK = 'skald:deferred';

/**
 * Calls `callback` once the main thread is idle, at most `timeout` ms from now (a short timer where the browser
 * has no idle callbacks). Returns the cancel, so an effect can return it. The deferred layers (wallet, live) are
 * requested from here: what a page fetched before the first call is its first load.
 */
export function whenIdle(callback: () => void, timeout = 1000): () => void {
  const run = () => {
    if (performance.getEntriesByName(DEFERRED_MARK).length === 0) performance.mark(DEFERRED_MARK);
    callback();
  };
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(run, { timeout });
    return () => w.cancelIdleCallback?.(id);
  }
  const timer = setTimeout(run, 50);
  return () => clearTimeout(timer);
}

/** Resolves once the main thread is idle (whenIdle, not cancellable). */
export function idle(timeout?: number): Promise<void> {
  return new Promise((resolve) => {
    whenIdle(resolve, timeout);
  });
}

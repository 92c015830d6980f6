/**
 * The tab's one live connection: every component's subscription shares one socket.io connection (the shared
 * client of @skald/wire). Events come in frames, one per block; a provisional event (heard from the node before
 * the indexer committed it) may later come again confirmed, or be retracted. On every reconnect the client
 * resumes from the last confirmed cursor, so a dropped connection loses nothing.
 *
 * The socket.io client is fetched once the page is idle after the first subscription (subscriptions start in
 * effects, after hydration), not with the page's first load: a page's data comes with its HTML, and each
 * subscription starts after the cursor that data was read at, so the wait loses nothing.
 */
import type { ConnectionStatus, Handlers, LiveClient, SubscribeRequest, Subscription } from '@skald/wire';
import { idle } from '../lib/idle.ts';

export type LiveStatus = ConnectionStatus;
export type LiveHandlers = Handlers;

export type LiveSubscription = { close(): void; readonly last: string | undefined };

let shared: Promise<LiveClient> | undefined;
let opened: LiveClient | undefined;

/** The tab's connection, opened on first use (same origin). */
function client(): Promise<LiveClient> {
  if (!shared) {
    const opening = idle()
      .then(() => import('@skald/wire/client'))
      .then(({ connectLive }) => {
        opened = connectLive(undefined);
        return opened;
      });
    // a failed fetch of the client's code is tried again by the next subscription
    opening.catch(() => {
      if (shared === opening) shared = undefined;
    });
    shared = opening;
  }
  return shared;
}

export function subscribeLive(
  request: Omit<SubscribeRequest, 'after'>,
  handlers: LiveHandlers,
  after?: string,
): LiveSubscription {
  let closed = false;
  let subscription: Subscription | undefined;
  client()
    .then((live) => {
      if (closed) return undefined;
      return live.subscribe(after ? { ...request, after } : request, handlers);
    })
    .then((s) => {
      if (!s) return;
      subscription = s;
      if (closed) void s.unsubscribe();
    })
    .catch((error: Error) => handlers.onStatus?.('error', error.message));
  return {
    close() {
      closed = true;
      void subscription?.unsubscribe();
    },
    get last() {
      return subscription?.lastCursor() ?? after;
    },
  };
}

/** For operators and browser tests: simulate a network drop on the tab's live connection. */
export function dropAllLive(): number {
  if (!opened) return 0;
  opened.drop();
  return 1;
}

/**
 * The tab's one live connection: every component's subscription shares one socket.io connection (the shared
 * client of @skald/wire). Events come in frames, one per block; a provisional event (heard from the node before
 * the indexer committed it) may later come again confirmed, or be retracted. On every reconnect the client
 * resumes from the last confirmed cursor, so a dropped connection loses nothing.
 */
import {
  type ConnectionStatus,
  connectLive,
  type Handlers,
  type LiveClient,
  type SubscribeRequest,
  type Subscription,
} from '@skald/wire';

export type LiveStatus = ConnectionStatus;
export type LiveHandlers = Handlers;

export type LiveSubscription = { close(): void; readonly last: string | undefined };

let shared: LiveClient | undefined;

/** The tab's connection, opened on first use (same origin). */
function client(): LiveClient {
  shared ??= connectLive(undefined);
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
    .subscribe(after ? { ...request, after } : request, handlers)
    .then((s) => {
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
  if (!shared) return 0;
  shared.drop();
  return 1;
}

/**
 * A small client for the live stream, for the web app, tests and benchmarks: one socket.io connection, any
 * number of subscriptions, each remembering the last cursor it saw. After a reconnect that socket.io could not
 * recover, every subscription is sent again with that cursor, so the server replays exactly what was missed.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { cursorBefore } from './cursor.ts';
import { type Filter, matches, parseSubscribeRequest } from './filter.ts';
import {
  type ActivityEvent,
  type ClientToServerEvents,
  type RetractEvent,
  type ServerToClientEvents,
  SOCKET_PATH,
  type SubscribeAck,
  type SubscribeRequest,
} from './protocol.ts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type Subscription = {
  readonly request: SubscribeRequest;
  /** the last cursor this subscription received */
  lastCursor(): string | undefined;
  unsubscribe(): Promise<SubscribeAck>;
};

export type Handlers = {
  onEvent(event: ActivityEvent): void;
  onRetract?(event: RetractEvent): void;
};

type Entry = { request: SubscribeRequest; filter: Filter; last?: string; handlers: Handlers };

export function connectLive(
  origin: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): {
  socket: LiveSocket;
  subscribe(request: SubscribeRequest, handlers: Handlers): Promise<Subscription>;
  close(): void;
} {
  const socket: LiveSocket = io(origin, { path: SOCKET_PATH, transports: ['websocket'], ...options });
  const entries = new Set<Entry>();

  const send = (entry: Entry) =>
    new Promise<SubscribeAck>((resolve) => {
      const request = entry.last ? { ...entry.request, after: entry.last } : entry.request;
      socket.emit('subscribe', request, resolve);
    });

  socket.on('activity', (event) => {
    for (const entry of entries) {
      // an event matching several subscriptions arrives once for each: hand each copy to one of them
      if (matches(entry.filter, event) && (entry.last === undefined || event.cursor > entry.last)) {
        entry.last = event.cursor;
        entry.handlers.onEvent(event);
        return;
      }
    }
  });
  socket.on('retract', (event) => {
    const first = [...event.cursors].sort()[0];
    for (const entry of entries) {
      // rewind so a re-subscription replays whatever replaced the retracted rows
      if (first !== undefined && entry.last !== undefined && entry.last >= first)
        entry.last = cursorBefore(first);
      entry.handlers.onRetract?.(event);
    }
  });
  socket.on('connect', () => {
    if (socket.recovered) return; // the server kept our subscriptions and replayed what we missed
    for (const entry of entries) void send(entry);
  });

  return {
    socket,
    async subscribe(request, handlers) {
      const parsed = parseSubscribeRequest(request);
      if ('errors' in parsed) throw new Error(parsed.errors.join('; '));
      const entry: Entry = { request, filter: parsed.filter, last: request.after, handlers };
      entries.add(entry);
      if (socket.connected) {
        const ack = await send(entry);
        if (!ack.ok) {
          entries.delete(entry);
          throw new Error(ack.error);
        }
      }
      return {
        request,
        lastCursor: () => entry.last,
        unsubscribe: () =>
          new Promise<SubscribeAck>((resolve) => {
            entries.delete(entry);
            socket.emit('unsubscribe', entry.request, resolve);
          }),
      };
    },
    close: () => socket.close(),
  };
}

/**
 * The one live client (web app, tests, benchmarks): one socket.io connection, any number of subscriptions.
 *
 * Subscriptions with the same filter share one server subscription (and its frames); each listener keeps its
 * own state: the last confirmed cursor it saw (its durable resume point, which only confirmed events move) and
 * the recent cursors it was shown, so every cursor reaches it once as provisional and at most once more as
 * confirmed (the upgrade). After every reconnect each subscription is sent again from the oldest resume point of
 * its listeners, so the server replays exactly what was missed from Postgres.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { cursorBefore } from './cursor.ts';
import { type Filter, parseSubscribeRequest } from './filter.ts';
import {
  type ActivityEvent,
  type ActivityFrame,
  type ClientToServerEvents,
  type RetractEvent,
  type RetractReason,
  type ServerToClientEvents,
  SOCKET_PATH,
  type SubscribeAck,
  type SubscribeRequest,
  type UnsubscribeAck,
} from './protocol.ts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'error';

export type Handlers = {
  /**
   * Each event once per cursor, in the order frames arrive; a confirmed event whose cursor came provisional
   * before comes again without `provisional` (the upgrade).
   */
  onEvent?(event: ActivityEvent): void;
  /** the same events, a frame (one block) at a time */
  onFrame?(events: ActivityEvent[]): void;
  /** cursors this listener was shown that the chain or the confirmation window removed */
  onRetract?(cursors: string[], reason: RetractReason): void;
  onStatus?(status: ConnectionStatus, detail?: string): void;
};

export type Subscription = {
  readonly request: SubscribeRequest;
  readonly key: string;
  /** the last confirmed cursor this subscription received (its resume point) */
  lastCursor(): string | undefined;
  unsubscribe(): Promise<UnsubscribeAck>;
};

/** How many recent cursors a listener remembers for de-duplication. */
const SEEN_LIMIT = 20_000;

type Listener = {
  handlers: Handlers;
  /** last confirmed cursor */
  last?: string;
  /** cursor -> shown as provisional ('p') or confirmed ('c') */
  seen: Map<string, 'p' | 'c'>;
};

type Group = { key: string; request: SubscribeRequest; filter: Filter; listeners: Set<Listener> };

export type LiveClient = {
  socket: LiveSocket;
  subscribe(request: SubscribeRequest, handlers: Handlers): Promise<Subscription>;
  status(): ConnectionStatus;
  /** drops the transport as a network failure would; the client reconnects and resumes */
  drop(): void;
  close(): void;
};

function remember(listener: Listener, cursor: string, state: 'p' | 'c') {
  listener.seen.delete(cursor);
  listener.seen.set(cursor, state);
  if (listener.seen.size > SEEN_LIMIT) {
    const oldest = listener.seen.keys().next().value;
    if (oldest !== undefined) listener.seen.delete(oldest);
  }
}

/** What a listener should be shown from a frame; updates its state. */
function accept(listener: Listener, events: ActivityEvent[]): ActivityEvent[] {
  const out: ActivityEvent[] = [];
  for (const event of events) {
    const state = listener.seen.get(event.cursor);
    if (event.provisional) {
      if (state !== undefined) continue;
      // a provisional event at or below the resume point was confirmed (or replaced) already
      if (listener.last !== undefined && event.cursor <= listener.last) continue;
      remember(listener, event.cursor, 'p');
    } else {
      if (listener.last !== undefined && event.cursor <= listener.last) continue;
      listener.last = event.cursor;
      remember(listener, event.cursor, 'c');
    }
    out.push(event);
  }
  return out;
}

export function connectLive(
  origin?: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): LiveClient {
  const settings = { path: SOCKET_PATH, transports: ['websocket'], ...options };
  const socket: LiveSocket = origin === undefined ? io(settings) : io(origin, settings);
  const groups = new Map<string, Group>();
  let status: ConnectionStatus = 'connecting';

  const setStatus = (next: ConnectionStatus, detail?: string) => {
    status = next;
    for (const group of groups.values()) for (const l of group.listeners) l.handlers.onStatus?.(next, detail);
  };

  /** The oldest resume point of a group's listeners (undefined: from the server's head). */
  const resumeOf = (group: Group): string | undefined => {
    let oldest: string | undefined;
    for (const l of group.listeners) {
      if (l.last === undefined) continue;
      if (oldest === undefined || l.last < oldest) oldest = l.last;
    }
    return oldest;
  };

  const send = (group: Group, after = resumeOf(group)) =>
    new Promise<SubscribeAck>((resolve) => {
      const request = after ? { ...group.request, after } : group.request;
      socket.emit('subscribe', request, (ack) => {
        if (ack.ok) {
          // listeners without a resume point start at the head the server replays from
          for (const l of group.listeners) if (l.last === undefined && ack.head) l.last = ack.head;
        } else for (const l of group.listeners) l.handlers.onStatus?.('error', ack.error);
        resolve(ack);
      });
    });

  socket.on('frame', (frame: ActivityFrame) => {
    const group = groups.get(frame.key);
    if (!group) return;
    for (const listener of group.listeners) {
      const shown = accept(listener, frame.events);
      if (shown.length === 0) continue;
      listener.handlers.onFrame?.(shown);
      if (listener.handlers.onEvent) for (const event of shown) listener.handlers.onEvent(event);
    }
  });

  socket.on('retract', (event: RetractEvent) => {
    const reason = event.reason ?? 'reorg';
    const sorted = [...event.cursors].sort();
    for (const group of groups.values()) {
      for (const listener of group.listeners) {
        const removed: string[] = [];
        let rewindTo: string | undefined;
        for (const cursor of sorted) {
          const state = listener.seen.get(cursor);
          if (state !== undefined) {
            removed.push(cursor);
            listener.seen.delete(cursor);
          }
          // a confirmed row removed by a reorg: rewind so a re-subscription replays what replaced it
          if (state !== 'p' && listener.last !== undefined && cursor <= listener.last)
            rewindTo ??= cursorBefore(cursor);
        }
        if (rewindTo !== undefined) listener.last = rewindTo;
        if (removed.length > 0) listener.handlers.onRetract?.(removed, reason);
      }
    }
  });

  socket.on('connect', () => {
    setStatus('live');
    for (const group of groups.values()) void send(group);
  });
  socket.on('disconnect', (reason) => {
    setStatus('reconnecting', reason);
    // the server hung up on purpose: socket.io will not retry by itself
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 500);
  });
  socket.on('connect_error', (error) => setStatus('reconnecting', error.message));

  return {
    socket,
    status: () => status,
    async subscribe(request, handlers) {
      const parsed = parseSubscribeRequest(request);
      if ('errors' in parsed) throw new Error(parsed.errors.join('; '));
      const listener: Listener = { handlers, last: request.after, seen: new Map() };
      let group = groups.get(parsed.key);
      const base: SubscribeRequest = { ...request };
      delete base.after;
      const fresh = !group;
      if (!group) {
        group = { key: parsed.key, request: base, filter: parsed.filter, listeners: new Set() };
        groups.set(parsed.key, group);
      }
      const g = group;
      const before = resumeOf(g);
      g.listeners.add(listener);
      handlers.onStatus?.(status);
      // a new filter, or a listener that needs events older than the group's: (re)start the server's replay
      const replay =
        fresh || (request.after !== undefined && (before === undefined || request.after < before));
      if (replay && socket.connected) {
        const ack = await send(g, request.after);
        if (!ack.ok) {
          g.listeners.delete(listener);
          if (g.listeners.size === 0) groups.delete(g.key);
          throw new Error(ack.error);
        }
      } else if (!replay && listener.last === undefined) {
        // joins a live group: it starts from what the group has confirmed so far
        listener.last = before;
      }
      return {
        request,
        key: g.key,
        lastCursor: () => listener.last,
        unsubscribe: () =>
          new Promise<UnsubscribeAck>((resolve) => {
            g.listeners.delete(listener);
            if (g.listeners.size > 0) return resolve({ ok: true });
            groups.delete(g.key);
            if (!socket.connected) return resolve({ ok: true });
            socket.emit('unsubscribe', g.request, resolve);
          }),
      };
    },
    drop: () => socket.io.engine?.close(),
    close: () => {
      groups.clear();
      socket.close();
    },
  };
}

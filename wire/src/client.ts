/**
 * The one live client (web app, tests, benchmarks): one socket.io connection, any number of subscriptions.
 *
 * Subscriptions with the same filter share one server subscription (and its frames); each listener keeps its
 * own state: the last confirmed cursor it saw (its durable resume point, which only confirmed events move) and
 * the recent cursors it was shown, so every cursor reaches it once as provisional and at most once more as
 * confirmed (the upgrade). After every reconnect each subscription is sent again from the oldest resume point of
 * its listeners, so the server replays exactly what was missed from Postgres.
 *
 * A listener may start from a cursor (`after`: where the data its page already shows was read). When that is
 * older than what its group's server subscription has sent, the subscription is restarted from it, and the
 * listener takes no frame until the server acknowledged the restart (frames already on the way belong to the
 * old replay and would move its resume point past the rows it still needs). A resume point the server no longer
 * replays from (`resume-too-old`, see protocol.ts) is filled from the REST history (`/api/activity?after=`) page
 * by page, then the subscription resumes from the last row read.
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
  /**
   * The server acknowledged this listener's subscription (again after every reconnect): every confirmed event
   * after the acknowledged point will arrive. Data without a cursor, read after this, misses nothing.
   */
  onLive?(): void;
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
  /** the send whose acknowledgement this listener waits for before it takes frames (a restarted replay) */
  waitFor?: number;
};

type Group = {
  key: string;
  request: SubscribeRequest;
  filter: Filter;
  listeners: Set<Listener>;
  /** acknowledged by the server on the current connection */
  acked: boolean;
};

/** How the REST history is read when the server no longer replays from a resume point. */
export type HistoryReader = (
  request: SubscribeRequest,
  after: string,
) => Promise<{ items: ActivityEvent[]; more: boolean }>;

export type LiveOptions = Partial<ManagerOptions & SocketOptions> & {
  /** reads missed rows when a resume point is too old for the server (default: GET /api/activity?after=) */
  history?: HistoryReader;
};

const HISTORY_PAGE = 100;
/** at most this many REST pages to fill one gap (then the subscription resumes from where they ended) */
const HISTORY_PAGES = 500;

/** `/api/activity` parameters selecting what a subscription selects. */
export function historyParams(
  request: SubscribeRequest,
  after: string,
  limit = HISTORY_PAGE,
): URLSearchParams {
  const params = new URLSearchParams({ after, limit: String(limit) });
  if (!request.topics.includes('all')) for (const t of request.topics) params.append('type', t);
  if (request.viking !== undefined) params.set('characterId', request.viking);
  if (request.vera !== undefined) params.set('veraId', request.vera);
  if (request.clan !== undefined) params.set('clanId', request.clan);
  return params;
}

function restHistory(origin: string | undefined): HistoryReader {
  return async (request, after) => {
    const response = await fetch(`${origin ?? ''}/api/activity?${historyParams(request, after)}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`GET /api/activity answered ${response.status}`);
    const page = (await response.json()) as { items: ActivityEvent[]; next: string | null };
    return { items: page.items, more: page.items.length >= HISTORY_PAGE };
  };
}

/** The server refused a resume point as older than it replays from (protocol.ts `resume-too-old`). */
export function isResumeTooOld(ack: SubscribeAck): boolean {
  if (ack.ok) return false;
  const code = (ack as { code?: unknown }).code;
  return code === 'resume-too-old' || ack.error.startsWith('resume-too-old');
}

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

/**
 * Reconnect backoff: 0.5 s doubling (each ±50 %), never more than 2 s. With socket.io's default (1 s up to 5 s) a
 * page whose gateway was away for a redeploy stayed silent up to 5 s after the gateway was back; here at most 2 s.
 * A server that is down sees about one attempt per client every 1-2 s.
 */
const RECONNECT = { reconnectionDelay: 500, reconnectionDelayMax: 2_000 } as const;

export function connectLive(origin?: string, options: LiveOptions = {}): LiveClient {
  const { history = restHistory(origin), ...socketOptions } = options;
  const settings = { path: SOCKET_PATH, transports: ['websocket'], ...RECONNECT, ...socketOptions };
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

  let sends = 0;

  /** Shows a frame's events to the group's listeners (not to those waiting for a restarted replay, unless `all`). */
  const deliver = (group: Group, events: ActivityEvent[], all = false) => {
    for (const listener of group.listeners) {
      if (listener.waitFor !== undefined && !all) continue;
      const shown = accept(listener, events);
      if (shown.length === 0) continue;
      listener.handlers.onFrame?.(shown);
      if (listener.handlers.onEvent) for (const event of shown) listener.handlers.onEvent(event);
    }
  };

  /**
   * Rows after `after` from the REST history, shown to every listener (they are the backlog the server would
   * have replayed), until the newest: where the subscription resumes. A failed read is retried (rows must not
   * be skipped) while the group still has listeners.
   */
  const fill = async (group: Group, after: string): Promise<string> => {
    let from = after;
    for (let page = 0, failures = 0; page < HISTORY_PAGES && groups.get(group.key) === group; ) {
      try {
        const { items, more } = await history(group.request, from);
        failures = 0;
        page += 1;
        const last = items.at(-1);
        if (last) {
          deliver(group, items, true);
          from = last.cursor;
        }
        if (!more) break;
      } catch (error) {
        failures += 1;
        for (const l of group.listeners) l.handlers.onStatus?.('reconnecting', (error as Error).message);
        await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** failures, 5000)));
      }
    }
    return from;
  };

  /** (Re)starts the group's server subscription after `after`; `waiting` take no frame until it is acknowledged. */
  const send = (group: Group, after = resumeOf(group), waiting: Listener[] = []): Promise<SubscribeAck> =>
    new Promise<SubscribeAck>((resolve) => {
      const id = ++sends;
      for (const l of waiting) l.waitFor = id;
      const request = after ? { ...group.request, after } : group.request;
      socket.emit('subscribe', request, (ack) => {
        if (ack.ok) {
          group.acked = true;
          for (const l of group.listeners) {
            if (l.waitFor === id) l.waitFor = undefined;
            // listeners without a resume point start at the head the server replays from
            if (l.last === undefined && ack.head) l.last = ack.head;
          }
          for (const l of group.listeners) if (l.waitFor === undefined) l.handlers.onLive?.();
          resolve(ack);
        } else if (after !== undefined && isResumeTooOld(ack)) {
          // older than the server replays: read the gap over REST, then resume from where it ends
          const still = [...group.listeners].filter((l) => l.waitFor === id);
          void fill(group, after).then((from) => {
            // gone, or disconnected: the next connect resumes from what the rows moved the listeners to
            if (groups.get(group.key) !== group || !socket.connected)
              return resolve({ ok: true, key: group.key });
            void send(group, from, still).then(resolve);
          });
        } else {
          for (const l of group.listeners) l.handlers.onStatus?.('error', ack.error);
          resolve(ack);
        }
      });
    });

  socket.on('frame', (frame: ActivityFrame) => {
    const group = groups.get(frame.key);
    if (group) deliver(group, frame.events);
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
    for (const group of groups.values()) {
      // a new connection carries no frame of an older replay: nobody waits for one
      for (const l of group.listeners) l.waitFor = undefined;
      void send(group);
    }
  });
  socket.on('disconnect', (reason) => {
    for (const group of groups.values()) group.acked = false;
    setStatus('reconnecting', reason);
    // the server hung up on purpose: socket.io will not retry by itself
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 500);
  });
  socket.on('connect_error', (error) => setStatus('reconnecting', error.message));

  // Back online (a browser's `online` event): reconnect now instead of at the end of the backoff delay, which may
  // have grown to several seconds while the network was away.
  const target = (globalThis as { addEventListener?: EventTarget['addEventListener'] }).addEventListener
    ? (globalThis as unknown as EventTarget)
    : undefined;
  const reconnectNow = () => {
    if (!socket.connected && socket.active) socket.disconnect().connect();
  };
  target?.addEventListener('online', reconnectNow);

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
        group = { key: parsed.key, request: base, filter: parsed.filter, listeners: new Set(), acked: false };
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
        const ack = await send(g, request.after, fresh ? [] : [listener]);
        if (!ack.ok) {
          g.listeners.delete(listener);
          if (g.listeners.size === 0) groups.delete(g.key);
          throw new Error(ack.error);
        }
      } else if (!replay) {
        // joins a live group: it starts from what the group has confirmed so far
        if (listener.last === undefined) listener.last = before;
        if (g.acked) handlers.onLive?.();
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
      target?.removeEventListener('online', reconnectNow);
      groups.clear();
      socket.close();
    },
  };
}

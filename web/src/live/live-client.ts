/**
 * One socket.io connection per subscription. On every (re)connect it subscribes again with the last cursor it
 * delivered, so the server replays the gap first and a dropped connection loses nothing; the tracker drops the
 * overlap so each event reaches the screen once.
 */
import { io, type Socket } from 'socket.io-client';
import { CursorTracker } from './cursor-tracker.ts';
import type { ActivityEvent, RetractEvent, SubscribeAck, SubscribeRequest } from './protocol.ts';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'error';

export type LiveHandlers = {
  onEvent(event: ActivityEvent): void;
  onRetract?(cursors: string[]): void;
  onStatus?(status: LiveStatus, detail?: string): void;
};

export type LiveSubscription = { close(): void; drop(): void; readonly last: string | undefined };

const registry = new Set<LiveSubscription>();

export function subscribeLive(
  request: Omit<SubscribeRequest, 'after'>,
  handlers: LiveHandlers,
  after?: string,
) {
  const tracker = new CursorTracker();
  let resumeAfter = after;
  const socket: Socket = io({ path: '/socket.io', transports: ['websocket'], forceNew: true });

  const subscribe = () => {
    const payload: SubscribeRequest = { ...request, after: tracker.last ?? resumeAfter };
    socket.emit('subscribe', payload, (ack: SubscribeAck) => {
      if (ack?.ok) handlers.onStatus?.('live');
      else handlers.onStatus?.('error', ack?.error ?? 'subscription refused');
    });
  };

  socket.on('connect', subscribe);
  socket.on('disconnect', (reason) => {
    handlers.onStatus?.('reconnecting', reason);
    // the server hung up on purpose: socket.io will not retry by itself
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 500);
  });
  socket.on('connect_error', (error) => handlers.onStatus?.('reconnecting', error.message));
  socket.on('activity', (event: ActivityEvent) => {
    if (tracker.accept(event.cursor)) handlers.onEvent(event);
  });
  socket.on('retract', (message: RetractEvent) => {
    const removed = tracker.retract(message.cursors ?? []);
    if (removed.length > 0 && resumeAfter !== undefined) resumeAfter = undefined;
    if (removed.length > 0) handlers.onRetract?.(removed);
  });
  handlers.onStatus?.('connecting');

  const subscription: LiveSubscription = {
    close() {
      registry.delete(subscription);
      socket.removeAllListeners();
      socket.disconnect();
    },
    /** drops the transport as a network failure would; the client reconnects and resumes */
    drop() {
      socket.io.engine?.close();
    },
    get last() {
      return tracker.last;
    },
  };
  registry.add(subscription);
  return subscription;
}

/** For operators and browser tests: simulate a network drop on every open live connection. */
export function dropAllLive(): number {
  for (const s of registry) s.drop();
  return registry.size;
}

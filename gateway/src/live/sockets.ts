/**
 * One live socket's life: subscribe and unsubscribe requests (validated, at most MAX_SUBSCRIPTIONS each), its
 * subscriptions run through the hub, and, when it drops recoverably, its live rooms kept counted (so broadcasts
 * are kept for replay) until it comes back or RECOVERY_MS has passed.
 */
import {
  type ClientToServerEvents,
  parseSubscribeRequest,
  type ServerToClientEvents,
  type SubscribeAck,
  type UnsubscribeAck,
} from '@skald/wire';
import type { Server, Socket } from 'socket.io';
import type { Batch, Hub, Sub } from './hub.ts';

export type ServerSideEvents = { batch: (batch: Batch) => void };
export type SocketData = { subs: Record<string, Sub> };
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

const MAX_SUBSCRIPTIONS = 20;
/** How long socket.io keeps a dropped socket's session (and its missed room broadcasts) for recovery. */
export const RECOVERY_MS = 30_000;
const RECOVERABLE = new Set(['transport error', 'transport close', 'forced close', 'ping timeout']);

export type SocketOptions = {
  /** whether socket.io recovers dropped sessions (not with the Redis adapter) */
  recovery: boolean;
  onError(error: unknown, where: string): void;
  onConnection?(delta: 1 | -1): void;
};

/** Serves every socket of `io` through `hub`; `close` drops the rooms still held for sockets away. */
export function serveSockets(io: LiveServer, hub: Hub, options: SocketOptions) {
  const { recovery, onError } = options;
  // sockets away but recoverable: their rooms stay counted (so broadcasts are kept for replay) until this fires
  const held = new Map<string, NodeJS.Timeout>();
  const holdKey = (socketId: string, key: string) => `${socketId}\n${key}`;

  const run = (socket: LiveSocket, sub: Sub) => {
    hub.start(socket.id, sub).catch((e) => onError(e, 'backlog'));
  };

  io.on('connection', (socket: LiveSocket) => {
    options.onConnection?.(1);
    socket.data.subs ??= {};
    if (socket.recovered) {
      for (const sub of Object.values(socket.data.subs)) {
        if (sub.live) {
          const h = held.get(holdKey(socket.id, sub.key));
          if (h) {
            clearTimeout(h);
            held.delete(holdKey(socket.id, sub.key));
          } else hub.addLiveRef(sub.key, sub.filter);
        } else run(socket, sub);
      }
    }

    const answer = (ack: unknown, result: SubscribeAck | UnsubscribeAck) => {
      if (typeof ack === 'function') ack(result);
    };

    socket.on('subscribe', (request, ack) => {
      const parsed = parseSubscribeRequest(request);
      if ('errors' in parsed) return answer(ack, { ok: false, error: parsed.errors.join('; ') });
      const subs = socket.data.subs;
      const existing = subs[parsed.key];
      if (existing) hub.stop(socket.id, existing);
      else if (Object.keys(subs).length >= MAX_SUBSCRIPTIONS) {
        return answer(ack, { ok: false, error: `at most ${MAX_SUBSCRIPTIONS} subscriptions per connection` });
      }
      const sub: Sub = {
        key: parsed.key,
        filter: parsed.filter,
        live: false,
        lastSent: parsed.after ?? null,
        queue: [],
        gen: 0,
      };
      subs[parsed.key] = sub;
      answer(
        ack,
        hub.head === null ? { ok: true, key: parsed.key } : { ok: true, key: parsed.key, head: hub.head },
      );
      run(socket, sub);
    });

    socket.on('unsubscribe', (request, ack) => {
      const parsed = parseSubscribeRequest(request);
      if ('errors' in parsed) return answer(ack, { ok: false, error: parsed.errors.join('; ') });
      const sub = socket.data.subs[parsed.key];
      if (!sub) return answer(ack, { ok: false, error: 'no such subscription' });
      hub.stop(socket.id, sub);
      delete socket.data.subs[parsed.key];
      answer(ack, { ok: true });
    });

    socket.on('disconnect', (reason) => {
      options.onConnection?.(-1);
      const keep = recovery && RECOVERABLE.has(reason);
      for (const sub of Object.values(socket.data.subs)) {
        hub.stop(socket.id, sub, { keepRef: keep });
        if (keep && sub.live) {
          const k = holdKey(socket.id, sub.key);
          const timer = setTimeout(() => {
            held.delete(k);
            hub.releaseLiveRef(sub.key);
          }, RECOVERY_MS + 1000);
          timer.unref();
          held.set(k, timer);
        }
      }
    });
  });

  return {
    close() {
      for (const timer of held.values()) clearTimeout(timer);
      held.clear();
    },
  };
}

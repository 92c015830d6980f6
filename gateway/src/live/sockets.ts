/**
 * One live socket's life: subscribe and unsubscribe requests (validated, at most MAX_SUBSCRIPTIONS each) and
 * its subscriptions run through the hub until it disconnects.
 *
 * There is no socket.io connection-state recovery: it restores the server-to-client half only (a subscribe in
 * flight when the transport drops is lost while the session counts as recovered). A client that reconnects
 * subscribes again with its last confirmed cursor, and the hub replays what it missed from Postgres.
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

export type SocketOptions = {
  onError(error: unknown, where: string): void;
  onConnection?(delta: 1 | -1): void;
};

/** Serves every socket of `io` through `hub`. */
export function serveSockets(io: LiveServer, hub: Hub, options: SocketOptions): void {
  const { onError } = options;

  const run = (socket: LiveSocket, sub: Sub) => {
    hub.start(socket.id, sub).catch((e) => onError(e, 'backlog'));
  };

  io.on('connection', (socket: LiveSocket) => {
    options.onConnection?.(1);
    socket.data.subs = {};

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

    socket.on('disconnect', () => {
      options.onConnection?.(-1);
      for (const sub of Object.values(socket.data.subs)) hub.stop(socket.id, sub);
    });
  });
}

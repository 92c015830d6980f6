/**
 * One live socket's life: subscribe and unsubscribe requests (validated, at most MAX_SUBSCRIPTIONS each) and
 * its subscriptions run through the hub until it disconnects.
 *
 * A subscription resumes at most so far back (`ReplayBound`): a cursor older than the floor is answered
 * `{ ok: false, code: 'resume-too-old', oldest }`; the client pages REST `/api/activity?after=` up to `oldest`
 * and subscribes again from there.
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

/**
 * How far back a subscription may resume: at most `maxEvents` behind the head, or `maxSeconds` of chain time
 * behind the newest event, whichever reaches further back.
 */
export type ReplayBound = { maxEvents: number; maxSeconds: number };

/** The oldest cursor a subscription may resume after now (null: any); computed at most once a second. */
export function replayFloor(
  read: (maxEvents: number, maxSeconds: number) => Promise<string | null>,
  bound: ReplayBound,
  maxAgeMs = 1000,
): () => Promise<string | null> {
  let cached: { at: number; value: Promise<string | null> } | undefined;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > maxAgeMs) {
      const value = read(bound.maxEvents, bound.maxSeconds);
      const entry = { at: now, value };
      cached = entry;
      // a failed read is not kept
      value.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.value;
  };
}

export type ServerSideEvents = { batch: (batch: Batch) => void };
export type SocketData = { subs: Record<string, Sub> };
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

const MAX_SUBSCRIPTIONS = 20;

export type SocketOptions = {
  onError(error: unknown, where: string): void;
  onConnection?(delta: 1 | -1): void;
  /** the oldest cursor a subscription may resume after (see ReplayBound); unset: no bound */
  floor?: () => Promise<string | null>;
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

    socket.on('subscribe', async (request, ack) => {
      const parsed = parseSubscribeRequest(request);
      if ('errors' in parsed)
        return answer(ack, { ok: false, code: 'invalid', error: parsed.errors.join('; ') });
      if (parsed.after !== undefined && options.floor && hub.head !== null && parsed.after < hub.head) {
        let oldest: string | null = null;
        try {
          oldest = await options.floor();
        } catch (error) {
          onError(error, 'replay_floor'); // the replay itself retries until the database answers
        }
        if (!socket.connected) return;
        if (oldest !== null && parsed.after < oldest) {
          return answer(ack, {
            ok: false,
            code: 'resume-too-old',
            oldest,
            error: `resume-too-old: a subscription resumes after ${oldest} at the oldest; read older events from /api/activity?after=${parsed.after} and subscribe from the last one`,
          });
        }
      }
      const subs = socket.data.subs;
      const existing = subs[parsed.key];
      if (existing) hub.stop(socket.id, existing);
      else if (Object.keys(subs).length >= MAX_SUBSCRIPTIONS) {
        return answer(ack, {
          ok: false,
          code: 'too-many-subscriptions',
          error: `at most ${MAX_SUBSCRIPTIONS} subscriptions per connection`,
        });
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

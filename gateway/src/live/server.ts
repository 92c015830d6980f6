/**
 * The live stream's socket.io server on the gateway's own HTTP server (path /socket.io). Wires sockets to the
 * hub, picks the source (this process alone, or the Redis-elected leader whose batches reach every process
 * through the Redis adapter), and keeps a recoverable socket's rooms counted while it is away.
 */
import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { account, character, type SkaldDb } from '@skald/db';
import {
  type ClientToServerEvents,
  type LiveStatus,
  parseSubscribeRequest,
  type ServerToClientEvents,
  SOCKET_PATH,
  type SubscribeAck,
  type UnsubscribeAck,
} from '@skald/wire';
import { createAdapter } from '@socket.io/redis-adapter';
import { gt } from 'drizzle-orm';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { ActivityRepository } from '../repositories/activity.ts';
import { FastLane, type FastLaneOptions, NameCache } from './fast-lane.ts';
import { type Batch, Hub, type Sub, type Transport } from './hub.ts';
import { campaign } from './leader.ts';
import { Source } from './source.ts';

type ServerSideEvents = { batch: (batch: Batch) => void };
type SocketData = { subs: Record<string, Sub> };
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

const MAX_SUBSCRIPTIONS = 20;
/** How long socket.io keeps a dropped socket's session (and its missed room broadcasts) for recovery. */
export const RECOVERY_MS = 30_000;
const RECOVERABLE = new Set(['transport error', 'transport close', 'forced close', 'ping timeout']);

export type LiveHooks = {
  onError(error: unknown, where: string): void;
  onBatch?(batch: Batch): void;
  onConnection?(delta: 1 | -1): void;
};

export type LiveOptions = {
  httpServer: HttpServer;
  db: SkaldDb;
  repo: ActivityRepository;
  redisUrl?: string;
  /**
   * Names this stream in Redis (leader lease, adapter channels): gateways reading different databases may share
   * one Redis without hearing each other's batches.
   */
  streamId: string;
  hooks: LiveHooks;
  /** safety-net read interval of the source */
  fallbackMs?: number;
  /** hear the node directly and announce events before the indexer commits them */
  fastLane?: FastLaneConfig;
};

export type FastLaneConfig = Pick<FastLaneOptions, 'rpcUrl' | 'wsUrl' | 'contracts' | 'pollMs'> & {
  /** a provisional event the indexer has not confirmed after this many blocks is retracted */
  confirmAfterBlocks: number;
};

/** Names for the fast lane's events: at most this many characters are loaded at start. */
const NAME_CACHE_ROWS = 1_000_000;

export type Live = Awaited<ReturnType<typeof createLive>>;

export async function createLive(options: LiveOptions) {
  const { hooks } = options;
  const recovery = options.redisUrl === undefined;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>(
    options.httpServer,
    {
      path: SOCKET_PATH,
      serveClient: false,
      // the Redis adapter cannot recover sessions; clients then re-subscribe with their last cursor
      connectionStateRecovery: recovery
        ? { maxDisconnectionDuration: RECOVERY_MS, skipMiddlewares: true }
        : undefined,
      maxHttpBufferSize: 16 * 1024,
    },
  );

  const transport: Transport = {
    emitFrame: (room, frame) => io.local.to(room).emit('frame', frame),
    emitRetract: (cursors, reason) => io.local.emit('retract', { cursors, reason }),
    join: (socketId, room) => io.of('/').sockets.get(socketId)?.join(room),
    leave: (socketId, room) => io.of('/').sockets.get(socketId)?.leave(room),
  };
  const hub = new Hub(options.repo, transport, (e) => hooks.onError(e, 'backlog'));
  // the fast lane's names: loaded at start, then kept current by the node's stream and by confirmed events
  const names = new NameCache();
  const apply = (batch: Batch) => {
    hub.apply(batch);
    // every confirmed event names the vikings it is about (a mint's owner among them)
    for (const event of batch.events) {
      if (event.characterId && event.names?.character) names.set(event.characterId, event.names.character);
      if (event.otherCharacterId && event.names?.other) names.set(event.otherCharacterId, event.names.other);
      if ((event.kind === 'CharacterCreated' || event.kind === 'CharacterSelected') && event.account)
        names.select(event.account, event.characterId ?? '0');
    }
    hooks.onBatch?.(batch);
  };

  let redis: ReturnType<typeof createClient> | undefined;
  let redisSub: ReturnType<typeof createClient> | undefined;
  if (options.redisUrl) {
    redis = createClient({ url: options.redisUrl });
    redisSub = redis.duplicate();
    redis.on('error', (e) => hooks.onError(e, 'redis'));
    redisSub.on('error', (e) => hooks.onError(e, 'redis'));
    await Promise.all([redis.connect(), redisSub.connect()]);
    io.adapter(createAdapter(redis, redisSub, { key: `skald:live:${options.streamId}` }));
    io.on('batch', (batch) => apply(batch));
  }

  const publish = (batch: Batch) => {
    if (redis) io.serverSideEmit('batch', batch);
    apply(batch);
  };
  let source: Source | undefined;
  const startSource = async () => {
    source = new Source({
      db: options.db,
      repo: options.repo,
      hub,
      publish,
      fallbackMs: options.fallbackMs,
      onError: (e) => hooks.onError(e, 'source'),
    });
    await source.start();
  };
  const stopSource = async () => {
    const s = source;
    source = undefined;
    await s?.stop();
  };

  let election: ReturnType<typeof campaign> | undefined;
  if (redis) {
    // the hub starts at the database head; the leader's batches carry it forward from there
    hub.head = await options.repo.head();
    election = campaign({
      redis,
      key: `skald:live:${options.streamId}:leader`,
      id: randomUUID(),
      onElected: () => void startSource().catch((e) => hooks.onError(e, 'source')),
      onDeposed: () => void stopSource(),
      onError: (e) => hooks.onError(e, 'leader'),
    });
  } else {
    await startSource();
  }

  // each process hears the node itself (no leader): provisional events skip the Redis hop, and a node
  // subscription plus one block read per block is cheap next to the fan-out
  let lane: FastLane | undefined;
  if (options.fastLane) {
    const { confirmAfterBlocks, ...laneOptions } = options.fastLane;
    const rows = await options.db.db
      .select({ id: character.id, name: character.name })
      .from(character)
      .limit(NAME_CACHE_ROWS);
    for (const row of rows) names.set(row.id, row.name);
    const accounts = await options.db.db
      .select({ address: account.address, characterId: account.characterId })
      .from(account)
      .where(gt(account.characterId, 0n))
      .limit(NAME_CACHE_ROWS);
    for (const row of accounts) names.select(row.address, row.characterId);
    lane = new FastLane({
      ...laneOptions,
      names,
      onEvents: (events) => hub.applyProvisional(events),
      onRemoved: (cursors) => hub.retractFromNode(cursors),
      onHead: (block) => hub.expireProvisional(block, confirmAfterBlocks),
      onError: (e) => hooks.onError(e, 'fast_lane'),
    });
    await lane.start();
  }

  const status = (): LiveStatus => ({
    fastLane: {
      mode: lane ? lane.mode : 'off',
      connected: lane?.connected ?? false,
      head: lane?.head?.toString() ?? null,
      pollIntervalMs:
        lane && (lane.mode === 'polling' || !lane.connected) ? (options.fastLane?.pollMs ?? null) : null,
      provisionalPending: hub.pending.size,
      confirmAfterBlocks: options.fastLane?.confirmAfterBlocks ?? 0,
    },
    confirmedHead: hub.head,
    subscriptions: hub.liveSubscriptionCount(),
  });

  // sockets away but recoverable: their rooms stay counted (so broadcasts are kept for replay) until this fires
  const held = new Map<string, NodeJS.Timeout>();
  const holdKey = (socketId: string, key: string) => `${socketId}\n${key}`;

  const run = (socket: LiveSocket, sub: Sub) => {
    hub.start(socket.id, sub).catch((e) => hooks.onError(e, 'backlog'));
  };

  io.on('connection', (socket: LiveSocket) => {
    hooks.onConnection?.(1);
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
      hooks.onConnection?.(-1);
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
    io,
    hub,
    /** the source of this process, when it is the leader (tests trigger and await reads through it) */
    source: () => source,
    isLeader: () => (election ? election.isLeader() : true),
    status,
    /** the fast lane of this process, if any (tests drop its node connection through it) */
    fastLane: () => lane,
    async close() {
      await lane?.stop();
      for (const timer of held.values()) clearTimeout(timer);
      held.clear();
      await election?.stop();
      await stopSource();
      // not io.close(): that would also close the HTTP server, which Fastify owns. Closing the transports (not
      // a socket.io disconnect) lets clients reconnect by themselves to whichever process serves next.
      io.engine.close();
      await io.of('/').adapter.close();
      await Promise.all([redis?.quit().catch(() => {}), redisSub?.quit().catch(() => {})]);
    },
  };
}

/**
 * The live stream's socket.io server on the gateway's own HTTP server (path /socket.io). Wires sockets to the
 * hub (sockets.ts), picks the source (this process alone, or the Redis-elected leader whose batches reach every
 * process through the Redis adapter), and runs the fast lane when configured.
 */
import { randomUUID } from 'node:crypto';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { SkaldDb } from '@skald/db';
import { type LiveStatus, SOCKET_PATH, TOO_MANY_CONNECTIONS } from '@skald/wire';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { ActivityRepository } from '../repositories/activity.ts';
import { nodeChainCheck } from './chain-check.ts';
import { FastLane, type FastLaneOptions, learnNames, loadNames, NameCache } from './fast-lane/index.ts';
import { type Batch, Hub, type Transport } from './hub.ts';
import { campaign } from './leader.ts';
import { type LiveServer, type ReplayBound, replayFloor, serveSockets } from './sockets.ts';
import { Source } from './source.ts';

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
  /** the node's JSON-RPC: the source asks it whether rows the index dropped left the chain (see Source) */
  rpcUrl?: string;
  /** abuse bounds; unset: none */
  limits?: LiveLimits;
};

export type LiveLimits = {
  /** live connections one client address may hold (per process) */
  connectionsPerAddress: number;
  /** how far back a subscription may resume */
  replay: ReplayBound;
  /** the client address is X-Forwarded-For's first entry (as Fastify's `trustProxy: true`) */
  trustProxy: boolean;
};

/** The client's address: the socket's peer, or with a trusted proxy the first X-Forwarded-For entry. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const first = (Array.isArray(header) ? header.join(',') : header)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

export type FastLaneConfig = Pick<FastLaneOptions, 'rpcUrl' | 'wsUrl' | 'contracts' | 'pollMs'> & {
  /** a provisional event the indexer has not confirmed after this many blocks is retracted */
  confirmAfterBlocks: number;
};

export type Live = Awaited<ReturnType<typeof createLive>>;

export async function createLive(options: LiveOptions) {
  const { hooks, limits } = options;
  // live connections per client address, counted from the handshake (allowRequest) to the transport's close
  const perAddress = new Map<string, number>();
  const addressOf = new WeakMap<IncomingMessage, string>();
  const io: LiveServer = new Server(options.httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // no connection-state recovery: a reconnecting client subscribes again from its last confirmed cursor
    maxHttpBufferSize: 16 * 1024,
    allowRequest: limits
      ? (req, answer) => {
          const address = clientAddress(req, limits.trustProxy);
          const held = perAddress.get(address) ?? 0;
          if (held >= limits.connectionsPerAddress) {
            return answer(
              `${TOO_MANY_CONNECTIONS}: at most ${limits.connectionsPerAddress} live connections per client address`,
              false,
            );
          }
          perAddress.set(address, held + 1);
          addressOf.set(req, address);
          answer(null, true);
        }
      : undefined,
  });
  if (limits) {
    io.engine.on(
      'connection',
      (socket: { request: IncomingMessage; once(e: 'close', f: () => void): void }) => {
        const address = addressOf.get(socket.request);
        if (address === undefined) return;
        socket.once('close', () => {
          const n = (perAddress.get(address) ?? 1) - 1;
          if (n > 0) perAddress.set(address, n);
          else perAddress.delete(address);
        });
      },
    );
  }

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
    learnNames(names, batch);
    hooks.onBatch?.(batch);
  };

  const redis = options.redisUrl ? await connectRedis(options.redisUrl, hooks) : undefined;
  if (redis) {
    io.adapter(createAdapter(redis.pub, redis.sub, { key: `skald:live:${options.streamId}` }));
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
      chain: options.rpcUrl ? nodeChainCheck(options.rpcUrl) : undefined,
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
    // the hub starts at the index's head and window; the leader's batches carry both forward from there
    await hub.seed();
    election = campaign({
      redis: redis.pub,
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
    await loadNames(options.db, names);
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

  serveSockets(io, hub, {
    onError: (e, where) => hooks.onError(e, where),
    onConnection: (delta) => hooks.onConnection?.(delta),
    floor: limits ? replayFloor((n, s) => options.repo.replayFloor(n, s), limits.replay) : undefined,
  });

  return {
    io,
    hub,
    /** the source of this process, when it is the leader (tests trigger and await reads through it) */
    source: () => source,
    isLeader: () => (election ? election.isLeader() : true),
    status: () => liveStatus(hub, lane, options.fastLane),
    /** the fast lane of this process, if any (tests drop its node connection through it) */
    fastLane: () => lane,
    async close() {
      await lane?.stop();
      await election?.stop();
      await stopSource();
      // not io.close(): that would also close the HTTP server, which Fastify owns. Closing the transports (not
      // a socket.io disconnect) lets clients reconnect by themselves to whichever process serves next.
      io.engine.close();
      await io.of('/').adapter.close();
      await redis?.quit();
    },
  };
}

/** Two Redis connections, one to publish and one to subscribe (the adapter needs both). */
async function connectRedis(url: string, hooks: LiveHooks) {
  type Client = ReturnType<typeof createClient>;
  const pub: Client = createClient({ url });
  const sub: Client = pub.duplicate();
  pub.on('error', (e) => hooks.onError(e, 'redis'));
  sub.on('error', (e) => hooks.onError(e, 'redis'));
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    pub,
    sub,
    quit: async () => {
      await Promise.all([pub.quit().catch(() => {}), sub.quit().catch(() => {})]);
    },
  };
}

function liveStatus(hub: Hub, lane: FastLane | undefined, fastLane: FastLaneConfig | undefined): LiveStatus {
  return {
    fastLane: {
      mode: lane ? lane.mode : 'off',
      connected: lane?.connected ?? false,
      head: lane?.head?.toString() ?? null,
      pollIntervalMs:
        lane && (lane.mode === 'polling' || !lane.connected) ? (fastLane?.pollMs ?? null) : null,
      provisionalPending: hub.pending.size,
      confirmAfterBlocks: fastLane?.confirmAfterBlocks ?? 0,
    },
    confirmedHead: hub.head,
    subscriptions: hub.liveSubscriptionCount(),
  };
}

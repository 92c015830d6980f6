/** The live stream as a decorator, started once the server is ready and closed before it stops. */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { createHealth, type HealthSnapshot } from '../../health.ts';
import { ReadCache } from '../../live/read-cache.ts';
import { createLive, type Live } from '../../live/server.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
    /** read results kept exact by the stream's batches */
    readCache: ReadCache;
    /** indexer, chain and live-stream health for /ready and /status */
    health: { snapshot(): Promise<HealthSnapshot> };
  }
}

export default fp(
  async (app) => {
    const { metrics } = app;
    const readCache = new ReadCache();
    let lastBatchAt: number | null = null;
    app.decorate('readCache', readCache);
    const live = await createLive({
      httpServer: app.server,
      db: app.db,
      repo: app.primaryRepos.activity,
      redisUrl: app.config.liveRedis === false ? undefined : app.config.redisUrl,
      streamId: createHash('sha1')
        .update(`${app.config.databaseUrl}|${app.config.viewsSchema}`)
        .digest('hex')
        .slice(0, 16),
      fallbackMs: app.config.liveFallbackMs,
      fastLane: app.config.fastLane,
      rpcUrl: app.config.rpcUrl,
      limits: app.config.liveLimits && {
        connectionsPerAddress: app.config.liveLimits.connectionsPerAddress,
        replay: {
          maxEvents: app.config.liveLimits.replayMaxEvents,
          maxSeconds: app.config.liveLimits.replayMaxSeconds,
        },
        trustProxy: app.config.trustProxy,
      },
      hooks: {
        onError: (error, where) => {
          metrics.errors.inc({ where: `live_${where}` });
          app.log.warn({ err: error, where }, 'live stream error');
        },
        onBatch: (batch) => {
          lastBatchAt = Date.now();
          readCache.apply(batch);
          metrics.batches.inc();
          metrics.events.inc(batch.events.length);
          metrics.retracted.inc(batch.retracted.length);
          const now = Date.now() / 1000;
          for (const event of batch.events) metrics.lag.observe(Math.max(0, now - event.timestamp));
        },
        onConnection: (delta) => metrics.sockets.inc(delta),
      },
    });
    app.decorate('live', live);
    app.decorate('health', createHealth(app, { head: () => live.hub.head, lastBatchAt: () => lastBatchAt }));
    app.get('/api/live/status', async () => live.status());
    app.addHook('preClose', async () => {
      await live.close();
    });
  },
  { name: 'live', dependencies: ['repositories', 'metrics'] },
);

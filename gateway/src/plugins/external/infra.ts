/** Connections the rest of the app uses: Postgres (through @skald/db) and, when configured, Redis. */
import { createDb, type SkaldDb } from '@skald/db';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import type { GatewayConfig } from '../../config.ts';
import { createReplicaRouter, type ReplicaRouter } from '../../replica.ts';

type Redis = ReturnType<typeof createClient>;

declare module 'fastify' {
  interface FastifyInstance {
    config: GatewayConfig;
    /** the primary: the live stream, sessions, health */
    db: SkaldDb;
    /** with DATABASE_READ_URL: where REST reads go (the replica, or the primary while it lags or is down) */
    replica: ReplicaRouter | null;
    redis: Redis | null;
  }
}

export default fp<{ config: GatewayConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
    const db = createDb({
      databaseUrl: config.databaseUrl,
      viewsSchema: config.viewsSchema,
      max: config.databasePool,
    });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
    });

    let replica: ReplicaRouter | null = null;
    if (config.readUrl) {
      const readDb = createDb({
        databaseUrl: config.readUrl,
        viewsSchema: config.viewsSchema,
        max: config.databasePool,
      });
      const router = createReplicaRouter({
        primary: db,
        replica: readDb,
        maxLagMs: config.replicaMaxLagMs ?? 5000,
        onSwitch: (status) =>
          app.log.warn(
            status.reads === 'replica'
              ? 'reads are back on the replica'
              : `reads on the primary: ${status.reason}`,
          ),
      });
      replica = router;
      app.addHook('onClose', async () => {
        router.stop();
        await readDb.close();
      });
    }
    app.decorate('replica', replica);

    let redis: Redis | null = null;
    if (config.redisUrl) {
      redis = createClient({ url: config.redisUrl });
      redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
      await redis.connect();
      const client = redis;
      app.addHook('onClose', async () => {
        await client.quit().catch(() => {});
      });
    }
    app.decorate('redis', redis);
  },
  { name: 'infra' },
);

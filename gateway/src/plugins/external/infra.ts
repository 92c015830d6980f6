/** Connections the rest of the app uses: Postgres (through @skald/db) and, when configured, Redis. */
import { createDb, type SkaldDb } from '@skald/db';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import type { GatewayConfig } from '../../config.ts';

type Redis = ReturnType<typeof createClient>;

declare module 'fastify' {
  interface FastifyInstance {
    config: GatewayConfig;
    db: SkaldDb;
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

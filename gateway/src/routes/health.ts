/** Probes and metrics: /health (the process answers), /ready (database reachable and indexer caught up), /metrics. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';

const Ready = Type.Object({
  ready: Type.Boolean(),
  database: Type.Boolean(),
  indexer: Type.Boolean(),
  liveHead: Type.Union([Type.String(), Type.Null()]),
});

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: Type.Object({ status: Type.Literal('ok'), uptime: Type.Number() }) } } },
    async () => ({ status: 'ok' as const, uptime: process.uptime() }),
  );

  app.get('/ready', { schema: { response: { 200: Ready, 503: Ready } } }, async (_request, reply) => {
    let database = false;
    let indexer = false;
    try {
      await app.repos.status.ping();
      database = true;
      indexer = await app.repos.status.indexerReady();
    } catch (error) {
      app.log.debug({ err: error }, 'not ready');
    }
    const ready = database && indexer;
    return reply.code(ready ? 200 : 503).send({ ready, database, indexer, liveHead: app.live.hub.head });
  });

  app.get('/metrics', async (_request, reply) => {
    reply.type(app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });
};

export default health;

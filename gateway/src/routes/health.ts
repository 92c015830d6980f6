/**
 * Probes and metrics: /health (the process answers), /ready (503 unless the database answers, the indexer
 * process answers and has finished its backfill, and it is within READY_MAX_LAG_BLOCKS of the chain head),
 * /status (the same facts, always 200, for people and the web app's delay banner; with a replica, also where
 * reads go and its lag), /metrics.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Status } from '@skald/wire/rest';
import { fromTable } from './table.ts';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromTable(app, 'health'),
    handler: async () => ({ status: 'ok' as const, uptime: process.uptime() }),
  });

  app.route({
    ...fromTable(app, 'ready'),
    handler: async (_request, reply) => {
      const snapshot = await app.health.snapshot();
      return reply
        .code(snapshot.ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(snapshot);
    },
  });

  const status = fromTable(app, 'status');
  app.route({
    ...status,
    schema: { ...status.schema, response: { ...status.schema.response, 200: Status } },
    handler: async (_request, reply) => {
      const snapshot = await app.health.snapshot();
      return reply
        .header('cache-control', 'no-store')
        .send(app.replica ? { ...snapshot, replica: app.replica.status() } : snapshot);
    },
  });

  app.get('/metrics', async (_request, reply) => {
    reply.type(app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });
};

export default health;

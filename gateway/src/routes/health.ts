/**
 * Probes and metrics: /health (the process answers), /ready (503 unless the database answers, the indexer
 * process answers and has finished its backfill, and it is within READY_MAX_LAG_BLOCKS of the chain head),
 * /status (the same facts, always 200, for people and the web app's delay banner), /metrics.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';

const Nullable = <T extends ReturnType<typeof Type.Object>>(schema: T) => Type.Union([schema, Type.Null()]);
const Head = Type.Object({ block: Type.Number(), timestamp: Type.Number() });

const Health = Type.Object({
  ready: Type.Boolean(),
  reasons: Type.Array(Type.String()),
  database: Type.Boolean(),
  indexer: Type.Boolean(),
  indexerProcess: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  backfillDone: Type.Boolean(),
  indexed: Nullable(Head),
  chain: Nullable(Head),
  lag: Nullable(Type.Object({ blocks: Type.Number(), seconds: Type.Number() })),
  maxLagBlocks: Type.Number(),
  live: Type.Object({
    state: Type.Union([Type.Literal('current'), Type.Literal('behind'), Type.Literal('stopped')]),
    head: Type.Union([Type.String(), Type.Null()]),
    headBlock: Type.Union([Type.Number(), Type.Null()]),
    databaseHead: Type.Union([Type.String(), Type.Null()]),
    lastBatchSecondsAgo: Type.Union([Type.Number(), Type.Null()]),
  }),
  liveHead: Type.Union([Type.String(), Type.Null()]),
  checkedAt: Type.String(),
});

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: Type.Object({ status: Type.Literal('ok'), uptime: Type.Number() }) } } },
    async () => ({ status: 'ok' as const, uptime: process.uptime() }),
  );

  app.get('/ready', { schema: { response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    const snapshot = await app.health.snapshot();
    return reply
      .code(snapshot.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(snapshot);
  });

  app.get('/status', { schema: { response: { 200: Health } } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send(await app.health.snapshot());
  });

  app.get('/metrics', async (_request, reply) => {
    reply.type(app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });
};

export default health;

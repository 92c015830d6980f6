/**
 * The gateway as a Fastify plugin. Layers load in order: external (connections, security, metrics) -> app
 * (error handler, repositories, sessions, live stream, web handler) -> routes. `serve.ts` boots it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayConfig } from './config.ts';
import auth from './plugins/app/auth.ts';
import errors from './plugins/app/errors.ts';
import live from './plugins/app/live.ts';
import repositories from './plugins/app/repositories.ts';
import web from './plugins/app/web.ts';
import infra from './plugins/external/infra.ts';
import metrics from './plugins/external/metrics.ts';
import security from './plugins/external/security.ts';
import routes from './routes/index.ts';

const app: FastifyPluginAsync<{ config: GatewayConfig }> = async (fastify, { config }) => {
  await fastify.register(infra, { config });
  await fastify.register(metrics);
  await fastify.register(security);

  await fastify.register(errors);
  await fastify.register(repositories);
  await fastify.register(auth);
  await fastify.register(live);
  await fastify.register(web);

  await fastify.register(routes);
};

export default app;

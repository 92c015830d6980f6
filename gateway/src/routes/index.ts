/** Route layer: probes at the root, data under /api (admin routes guarded in their folder), GraphQL, pages. */
import type { FastifyPluginAsync } from 'fastify';
import { reject } from '../plugins/app/errors.ts';
import activity from './api/activity.ts';
import admin from './api/admin/index.ts';
import auth from './api/auth.ts';
import battles from './api/battles.ts';
import clanAsks from './api/clan-asks.ts';
import image from './api/image.ts';
import players from './api/players.ts';
import vera from './api/vera.ts';
import world from './api/world.ts';
import graphql from './graphql.ts';
import health from './health.ts';
import pages from './pages.ts';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(health);
  await app.register(
    async (api) => {
      await api.register(players);
      await api.register(vera);
      await api.register(world);
      await api.register(activity);
      await api.register(battles);
      await api.register(clanAsks);
      await api.register(auth);
      await api.register(image);
      await api.register(admin, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
  await app.register(graphql);
  await app.register(pages);
  app.setNotFoundHandler((request, reply) =>
    reject(reply, 404, `no route ${request.method} ${request.url.split('?')[0]}`),
  );
};

export default routes;

/** The repositories as a decorator, so routes and the live stream share one set per app. */
import fp from 'fastify-plugin';
import { createRepositories, type Repositories } from '../../repositories/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

export default fp(
  async (app) => {
    app.decorate('repos', createRepositories(app.db));
  },
  { name: 'repositories', dependencies: ['infra'] },
);

/**
 * The repositories as decorators, so routes and the live stream share one set per app: `repos` for the routes'
 * reads (on the replica when one is configured, see src/replica.ts), `primaryRepos` for what must read the
 * database the indexer writes (the live stream's backlog and health).
 */
import fp from 'fastify-plugin';
import { routedRepositories } from '../../replica.ts';
import { createRepositories, type Repositories } from '../../repositories/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
    primaryRepos: Repositories;
  }
}

export default fp(
  async (app) => {
    const primary = createRepositories(app.db);
    app.decorate('primaryRepos', primary);
    app.decorate(
      'repos',
      app.replica
        ? routedRepositories(app.replica, createRepositories(app.replica.replica), primary)
        : primary,
    );
  },
  { name: 'repositories', dependencies: ['infra'] },
);

/** Open clan invitations and join requests: per clan (for its jarl and officers) and per character. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { reject } from '../../plugins/app/errors.ts';
import { fromTable } from '../table.ts';

const clanAsks: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromTable(app, 'clanAsks'),
    handler: async (request, reply) => {
      if (!(await app.repos.clans.exists(request.params.id))) {
        return reject(reply, 404, `no clan ${request.params.id}`);
      }
      return { items: await app.repos.clans.openAsks(request.params.id) };
    },
  });

  app.route({
    ...fromTable(app, 'vikingClanAsks'),
    handler: async (request, reply) => {
      const { characterId } = request.params;
      if ((await app.repos.players.accountOf(characterId)) === null) {
        return reject(reply, 404, `no viking ${characterId}`);
      }
      return { items: await app.repos.clans.asksOf(characterId) };
    },
  });
};

export default clanAsks;

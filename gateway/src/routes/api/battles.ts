/** Battles for players: one battle by id, a character's battles, the arena's queues, and finding vikings by name. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { reject } from '../../plugins/app/errors.ts';
import { fromTable } from '../table.ts';

const battles: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromTable(app, 'battle'),
    handler: async (request, reply) => {
      const detail = await app.repos.battles.detail(request.params.id);
      if (!detail) return reject(reply, 404, `no battle ${request.params.id}`);
      return detail;
    },
  });

  app.route({
    ...fromTable(app, 'vikingBattles'),
    handler: async (request, reply) => {
      const { characterId } = request.params;
      if ((await app.repos.players.accountOf(characterId)) === null) {
        return reject(reply, 404, `no viking ${characterId}`);
      }
      const { limit, offset } = request.query;
      return { limit, offset, ...(await app.repos.battles.ofCharacter(characterId, limit, offset)) };
    },
  });

  app.route({
    ...fromTable(app, 'arena'),
    handler: async (request) => app.repos.battles.arena(request.query.characterId),
  });

  app.route({
    ...fromTable(app, 'vikings'),
    handler: async (request) => ({
      items: await app.repos.players.searchByName(request.query.name, request.query.limit),
    }),
  });
};

export default battles;

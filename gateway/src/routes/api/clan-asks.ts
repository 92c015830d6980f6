/** Open clan invitations and join requests: per clan (for its jarl and officers) and per character. */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { CharacterClanAsks, ClanAsks, clientErrors, Id } from '@skald/wire/rest';
import { reject } from '../../plugins/app/errors.ts';

const clanAsks: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/clans/:id/asks',
    {
      schema: {
        params: Type.Object({ id: Id }),
        response: { 200: ClanAsks, ...clientErrors },
      },
    },
    async (request, reply) => {
      if (!(await app.repos.clans.exists(request.params.id))) {
        return reject(reply, 404, `no clan ${request.params.id}`);
      }
      return { items: await app.repos.clans.openAsks(request.params.id) };
    },
  );

  app.get(
    '/viking/:characterId/clan-asks',
    {
      schema: {
        params: Type.Object({ characterId: Id }),
        response: { 200: CharacterClanAsks, ...clientErrors },
      },
    },
    async (request, reply) => {
      const { characterId } = request.params;
      if ((await app.repos.players.accountOf(characterId)) === null) {
        return reject(reply, 404, `no viking ${characterId}`);
      }
      return { items: await app.repos.clans.asksOf(characterId) };
    },
  );
};

export default clanAsks;

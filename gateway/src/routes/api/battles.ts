/** Battles for players: one battle by id, a character's battles, the arena's queues, and finding vikings by name. */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import {
  Arena,
  BattleDetail,
  BattlePage,
  clientErrors,
  Id,
  Limit,
  NamedVikings,
  Offset,
  WholeNumber,
} from '@skald/wire/rest';
import { reject } from '../../plugins/app/errors.ts';

const battles: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/battles/:id',
    { schema: { params: Type.Object({ id: Id }), response: { 200: BattleDetail, ...clientErrors } } },
    async (request, reply) => {
      const detail = await app.repos.battles.detail(request.params.id);
      if (!detail) return reject(reply, 404, `no battle ${request.params.id}`);
      return detail;
    },
  );

  app.get(
    '/viking/:characterId/battles',
    {
      schema: {
        params: Type.Object({ characterId: Id }),
        querystring: Type.Object({ limit: Limit, offset: Offset }),
        response: { 200: BattlePage, ...clientErrors },
      },
    },
    async (request, reply) => {
      const { characterId } = request.params;
      if ((await app.repos.players.accountOf(characterId)) === null) {
        return reject(reply, 404, `no viking ${characterId}`);
      }
      const { limit, offset } = request.query;
      return { limit, offset, ...(await app.repos.battles.ofCharacter(characterId, limit, offset)) };
    },
  );

  app.get(
    '/arena',
    {
      schema: {
        querystring: Type.Object({ characterId: Type.Optional(Id) }),
        response: { 200: Arena, ...clientErrors },
      },
    },
    async (request) => app.repos.battles.arena(request.query.characterId),
  );

  app.get(
    '/vikings',
    {
      schema: {
        querystring: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 24, description: 'start of the name, any case' }),
          limit: WholeNumber({ minimum: 1, maximum: 20, default: 10 }),
        }),
        response: { 200: NamedVikings, ...clientErrors },
      },
    },
    async (request) => ({
      items: await app.repos.players.searchByName(request.query.name, request.query.limit),
    }),
  );
};

export default battles;

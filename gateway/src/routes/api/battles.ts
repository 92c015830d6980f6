/** Battles for players: one battle by id, a character's battles, the arena's queues, and finding vikings by name. */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { reject } from '../../plugins/app/errors.ts';
import { clientErrors, FreeObject, Id, Limit, Nullable, Offset, Page } from '../../schemas.ts';

const EloChange = Nullable(Type.Object({ before: Type.Integer(), after: Type.Integer() }));

const BattleSide = Type.Object({
  side: Type.String(),
  characterId: Type.String(),
  name: Type.String(),
  veras: Type.Array(FreeObject),
  submitted: Type.Boolean(),
  actions: Nullable(Type.Array(Type.Integer())),
  surrenderIds: Nullable(Type.Array(Type.String())),
  score: Nullable(Type.String()),
  elo: EloChange,
});

const BattleDetail = Type.Object({
  id: Type.String(),
  battleType: Type.Integer(),
  battleTypeName: Type.String(),
  status: Type.String(),
  result: Nullable(Type.Integer()),
  startedAt: Type.Integer(),
  resolvedAt: Nullable(Type.Integer()),
  sides: Type.Array(BattleSide),
});

const BattleListItem = Type.Object({
  battleId: Type.String(),
  battleType: Type.Integer(),
  battleTypeName: Type.String(),
  status: Type.String(),
  outcome: Nullable(Type.String()),
  opponent: Type.Object({ characterId: Type.String(), name: Type.String() }),
  eloBefore: Nullable(Type.Integer()),
  eloAfter: Nullable(Type.Integer()),
  startedAt: Type.Integer(),
  resolvedAt: Nullable(Type.Integer()),
});

const Named = Type.Object({ characterId: Type.String(), name: Type.String() });

const Challenge = Type.Object({
  challengeId: Type.String(),
  battleType: Type.Integer(),
  battleTypeName: Type.String(),
  other: Named,
  veraIds: Type.Array(Type.String()),
  sentAt: Type.Integer(),
});

const Arena = Type.Object({
  types: Type.Array(
    Type.Object({
      battleType: Type.Integer(),
      battleTypeName: Type.String(),
      enabled: Type.Boolean(),
      waiting: Type.Array(Named),
    }),
  ),
  me: Nullable(
    Type.Object({
      characterId: Type.String(),
      queue: Nullable(Type.Object({ battleType: Type.Integer(), veraIds: Type.Array(Type.String()) })),
      activeBattleId: Nullable(Type.String()),
      challenges: Type.Object({ incoming: Type.Array(Challenge), outgoing: Type.Array(Challenge) }),
    }),
  ),
});

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
        response: { 200: Page(BattleListItem), ...clientErrors },
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
          limit: Type.Integer({ minimum: 1, maximum: 20, default: 10 }),
        }),
        response: { 200: Type.Object({ items: Type.Array(Named) }), ...clientErrors },
      },
    },
    async (request) => ({
      items: await app.repos.players.searchByName(request.query.name, request.query.limit),
    }),
  );
};

export default battles;

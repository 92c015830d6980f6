/** Public lists: the leaderboard per battle type, clans, and the shop. */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { BATTLE_TYPE_LABELS, codeLabel } from '@skald/game';
import {
  BattleTypeParam,
  ClanDetail,
  ClanPage,
  clientErrors,
  Id,
  Leaderboard,
  Limit,
  Offset,
  Shops,
  WholeNumber,
} from '@skald/wire/rest';
import { reject } from '../../plugins/app/errors.ts';

const world: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/leaderboard/:battleType',
    {
      schema: {
        params: Type.Object({ battleType: BattleTypeParam }),
        querystring: Type.Object({
          limit: Limit,
          offset: Offset,
          name: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 32,
              description: 'part of a viking name (case-insensitive)',
            }),
          ),
        }),
        response: {
          200: Leaderboard,
          ...clientErrors,
        },
      },
    },
    async (request) => {
      const { battleType } = request.params;
      const { limit, offset, name } = request.query;
      // the stream's head before the read: a page that shows the board listens after it (kept with the entry)
      const page = await app.readCache.get(
        `board:${battleType}:${limit}:${offset}:${name ?? ''}`,
        ['board'],
        () => {
          const asOf = app.live.hub.head;
          return app.repos.rankings
            .leaderboard(battleType, limit, offset, name)
            .then((p) => ({ ...p, asOf }));
        },
      );
      return {
        battleType,
        battleTypeName: codeLabel(BATTLE_TYPE_LABELS, battleType) ?? `type ${battleType}`,
        limit,
        offset,
        ...page,
      };
    },
  );

  app.get(
    '/clans',
    {
      schema: {
        querystring: Type.Object({
          status: Type.Optional(
            WholeNumber({ minimum: 1, maximum: 3, description: '1 pending, 2 active, 3 declined' }),
          ),
          limit: Limit,
          offset: Offset,
        }),
        response: { 200: ClanPage, ...clientErrors },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      return { limit, offset, ...(await app.repos.clans.list(status, limit, offset)) };
    },
  );

  app.get(
    '/clans/:id',
    { schema: { params: Type.Object({ id: Id }), response: { 200: ClanDetail, ...clientErrors } } },
    async (request, reply) => {
      const asOf = app.live.hub.head;
      const detail = await app.repos.clans.detail(request.params.id);
      if (!detail) return reject(reply, 404, `no clan ${request.params.id}`);
      return { ...detail, asOf };
    },
  );

  app.get(
    '/shop',
    {
      schema: {
        querystring: Type.Object({
          shopId: Type.Optional(WholeNumber({ minimum: 0, maximum: 4_294_967_295 })),
        }),
        response: { 200: Shops, ...clientErrors },
      },
    },
    async (request) => ({ shops: await app.repos.economy.shop(request.query.shopId) }),
  );
};

export default world;

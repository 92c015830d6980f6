/** Public lists: the leaderboard per battle type, clans, and the shop. */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { BATTLE_TYPE_LABELS, codeLabel } from '@skald/game';
import { reject } from '../../plugins/app/errors.ts';
import {
  BattleTypeParam,
  clientErrors,
  FreeObject,
  Id,
  Limit,
  Nullable,
  Offset,
  Page,
} from '../../schemas.ts';

const LeaderboardEntry = Type.Object({
  rank: Type.Integer(),
  characterId: Type.String(),
  name: Type.String(),
  clanTag: Nullable(Type.String()),
  elo: Type.Integer(),
  battles: Type.Integer(),
});

const ClanSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  tag: Type.String(),
  description: Type.String(),
  status: Type.Integer(),
  statusName: Type.String(),
  points: Type.String(),
  memberCount: Type.Integer(),
  jarl: Type.Object({ characterId: Type.String(), name: Type.String() }),
  wisp: Type.Object({ level: Type.Integer(), experience: Type.String(), experienceNeeded: Type.String() }),
  foundedAt: Type.Integer(),
});

const ClanDetail = Type.Object({
  clan: ClanSummary,
  members: Type.Array(
    Type.Object({
      characterId: Type.String(),
      name: Type.String(),
      rank: Type.Integer(),
      rankName: Type.String(),
      points: Type.String(),
      joinedAt: Type.Integer(),
    }),
  ),
  events: Type.Array(
    Type.Object({
      kind: Type.String(),
      characterId: Nullable(Type.String()),
      detail: FreeObject,
      blockNumber: Type.String(),
      timestamp: Type.Integer(),
      txHash: Type.String(),
    }),
  ),
});

const Shop = Type.Object({
  shops: Type.Array(
    Type.Object({
      shopId: Type.Integer(),
      items: Type.Array(
        Type.Object({
          itemId: Type.Integer(),
          quantity: Type.String(),
          runixCost: Type.String(),
          isPurchasable: Type.Boolean(),
          isSellable: Type.Boolean(),
        }),
      ),
    }),
  ),
});

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
          200: Type.Intersect([
            Type.Object({ battleType: Type.Integer(), battleTypeName: Type.String() }),
            Page(LeaderboardEntry),
          ]),
          ...clientErrors,
        },
      },
    },
    async (request) => {
      const { battleType } = request.params;
      const { limit, offset, name } = request.query;
      const page = await app.readCache.get(
        `board:${battleType}:${limit}:${offset}:${name ?? ''}`,
        ['board'],
        () => app.repos.rankings.leaderboard(battleType, limit, offset, name),
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
            Type.Integer({ minimum: 1, maximum: 3, description: '1 pending, 2 active, 3 declined' }),
          ),
          limit: Limit,
          offset: Offset,
        }),
        response: { 200: Page(ClanSummary), ...clientErrors },
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
      const detail = await app.repos.clans.detail(request.params.id);
      if (!detail) return reject(reply, 404, `no clan ${request.params.id}`);
      return detail;
    },
  );

  app.get(
    '/shop',
    {
      schema: {
        querystring: Type.Object({
          shopId: Type.Optional(Type.Integer({ minimum: 0, maximum: 4_294_967_295 })),
        }),
        response: { 200: Shop, ...clientErrors },
      },
    },
    async (request) => ({ shops: await app.repos.economy.shop(request.query.shopId) }),
  );
};

export default world;

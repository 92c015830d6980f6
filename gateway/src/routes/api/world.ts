/** Public lists: the leaderboard per battle type, clans, and the shop. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BATTLE_TYPE_LABELS, codeLabel } from '@skald/game';
import { reject } from '../../plugins/app/errors.ts';
import { fromTable } from '../table.ts';

const world: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromTable(app, 'leaderboard'),
    handler: async (request) => {
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
  });

  app.route({
    ...fromTable(app, 'clans'),
    handler: async (request) => {
      const { status, limit, offset } = request.query;
      return { limit, offset, ...(await app.repos.clans.list(status, limit, offset)) };
    },
  });

  app.route({
    ...fromTable(app, 'clan'),
    handler: async (request, reply) => {
      const asOf = app.live.hub.head;
      const detail = await app.repos.clans.detail(request.params.id);
      if (!detail) return reject(reply, 404, `no clan ${request.params.id}`);
      return { ...detail, asOf };
    },
  });

  app.route({
    ...fromTable(app, 'shop'),
    handler: async (request) => ({ shops: await app.repos.economy.shop(request.query.shopId) }),
  });
};

export default world;

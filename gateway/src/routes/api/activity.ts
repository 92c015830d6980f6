/**
 * Activity history by cursor: newest first (page back with `before`), or oldest first after a cursor (`after`,
 * e.g. to fill a gap). Items have the live stream's ActivityEvent shape.
 */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { ACTIVITY_TYPES } from '@skald/game';
import { ActivityPage, Address, Cursor, clientErrors, Id, Limit } from '@skald/wire/rest';
import { reject } from '../../plugins/app/errors.ts';

const activity: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/activity',
    {
      schema: {
        querystring: Type.Object({
          type: Type.Optional(
            Type.Array(Type.Union(ACTIVITY_TYPES.map((t) => Type.Literal(t))), {
              maxItems: ACTIVITY_TYPES.length,
            }),
          ),
          characterId: Type.Optional(Id),
          veraId: Type.Optional(Id),
          clanId: Type.Optional(Id),
          account: Type.Optional(Address),
          before: Type.Optional(Cursor),
          after: Type.Optional(Cursor),
          limit: Limit,
        }),
        response: {
          200: ActivityPage,
          ...clientErrors,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.before !== undefined && q.after !== undefined && q.before <= q.after) {
        return reject(reply, 400, 'querystring.before must come after querystring.after');
      }
      return app.repos.activity.history({
        types: q.type,
        characterId: q.characterId,
        veraId: q.veraId,
        clanId: q.clanId,
        account: q.account?.toLowerCase(),
        before: q.before,
        after: q.after,
        limit: q.limit,
        order: q.after !== undefined && q.before === undefined ? 'asc' : 'desc',
      });
    },
  );
};

export default activity;

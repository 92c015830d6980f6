/**
 * Activity history by cursor: newest first (page back with `before`), or oldest first after a cursor (`after`,
 * e.g. to fill a gap). Items have the live stream's ActivityEvent shape.
 */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { ACTIVITY_TYPES } from '@skald/game';
import {
  ACTIVITY_SECONDS_ROWS,
  ActivityPage,
  ActivitySeconds,
  Address,
  Cursor,
  clientErrors,
  Id,
  Limit,
  WholeNumber,
} from '@skald/wire/rest';
import { reject } from '../../plugins/app/errors.ts';

const Types = Type.Optional(
  Type.Array(Type.Union(ACTIVITY_TYPES.map((t) => Type.Literal(t))), {
    maxItems: ACTIVITY_TYPES.length,
  }),
);

const activity: FastifyPluginAsyncTypebox = async (app) => {
  // events per second before a cursor: the part of a chart's window older than the rows a page loaded
  app.get(
    '/activity/seconds',
    {
      schema: {
        querystring: Type.Object({
          before: Cursor,
          since: WholeNumber({ minimum: 0, maximum: 2 ** 40, description: 'unix seconds (exclusive)' }),
          type: Types,
        }),
        response: { 200: ActivitySeconds, ...clientErrors },
      },
    },
    async (request) => {
      const q = request.query;
      return app.repos.activity.perSecond({
        before: q.before,
        since: q.since,
        types: q.type,
        maxRows: ACTIVITY_SECONDS_ROWS,
      });
    },
  );

  app.get(
    '/activity',
    {
      schema: {
        querystring: Type.Object({
          type: Types,
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
      // the stream's head before the read: a page that renders these rows subscribes after it, missing nothing
      const asOf = app.live.hub.head;
      const page = await app.repos.activity.history({
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
      return { ...page, asOf };
    },
  );
};

export default activity;

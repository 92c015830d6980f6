/**
 * Activity history by cursor: newest first (page back with `before`), or oldest first after a cursor (`after`,
 * e.g. to fill a gap). Items have the live stream's ActivityEvent shape.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACTIVITY_SECONDS_ROWS } from '@skald/wire/rest';
import { reject } from '../../plugins/app/errors.ts';
import { fromTable } from '../table.ts';

const activity: FastifyPluginAsyncTypebox = async (app) => {
  // events per second before a cursor: the part of a chart's window older than the rows a page loaded
  app.route({
    ...fromTable(app, 'activitySeconds'),
    handler: async (request) => {
      const q = request.query;
      return app.repos.activity.perSecond({
        before: q.before,
        since: q.since,
        types: q.type,
        maxRows: ACTIVITY_SECONDS_ROWS,
      });
    },
  });

  app.route({
    ...fromTable(app, 'activity'),
    handler: async (request, reply) => {
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
  });
};

export default activity;

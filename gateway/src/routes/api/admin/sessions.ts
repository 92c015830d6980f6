/**
 * /api/admin/sessions: who is signed in (every gateway's sessions, from the shared store) and revoking one. Ids
 * are the records' ids (a hash of the cookie's token), so the list cannot be replayed as a cookie. Guarded by
 * the admin folder's hook.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_SESSIONS_LIMIT } from '@skald/wire/rest';
import { reject } from '../../../plugins/app/errors.ts';
import { fromTable } from '../../table.ts';

const sessions: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromTable(app, 'adminSessions'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const mine = await request.sessionRecord();
      const { count, items } = await app.sessions.list(ADMIN_SESSIONS_LIMIT);
      return { count, items: items.map((s) => ({ ...s, current: s.id === mine?.id })) };
    },
  });

  app.route({
    ...fromTable(app, 'adminRevokeSession'),
    handler: async (request, reply) => {
      const revoked = await app.sessions.revoke(request.params.id);
      if (!revoked) return reject(reply, 404, 'no such session (it may have ended already)');
      request.log.info({ session: request.params.id }, 'session revoked by an admin');
      return { revoked };
    },
  });
};

export default sessions;

/**
 * /api/admin/sessions: who is signed in (every gateway's sessions, from the shared store) and revoking one. Ids
 * are the records' ids (a hash of the cookie's token), so the list cannot be replayed as a cookie. Guarded by
 * the admin folder's hook.
 */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import {
  ADMIN_SESSIONS_LIMIT,
  AdminSessions,
  clientErrors,
  ErrorResponse,
  SessionRevoked,
} from '@skald/wire/rest';
import { reject } from '../../../plugins/app/errors.ts';

const guarded = { 401: ErrorResponse, 403: ErrorResponse, ...clientErrors };

const sessions: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sessions',
    {
      schema: {
        response: {
          200: AdminSessions,
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const mine = await request.sessionRecord();
      const { count, items } = await app.sessions.list(ADMIN_SESSIONS_LIMIT);
      return { count, items: items.map((s) => ({ ...s, current: s.id === mine?.id })) };
    },
  );

  app.post(
    '/sessions/:id/revoke',
    {
      schema: {
        params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{64}$' }) }),
        response: { 200: SessionRevoked, ...guarded },
      },
    },
    async (request, reply) => {
      const revoked = await app.sessions.revoke(request.params.id);
      if (!revoked) return reject(reply, 404, 'no such session (it may have ended already)');
      request.log.info({ session: request.params.id }, 'session revoked by an admin');
      return { revoked };
    },
  );
};

export default sessions;

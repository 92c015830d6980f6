/**
 * Who is asking: `request.session()` reads the signed session cookie, finds its server-side record (a logged-out
 * or revoked session has none) and looks the address up in the index (admin role and selected character are
 * always current). A record that began under another admin role than the index now shows is revoked: a role
 * granted or taken away on chain ends the wallet's sessions. Also the nonce store sign-in uses.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { memoryNonces, type NonceStore, redisNonces } from '../../auth/nonces.ts';
import { decodeSession, SESSION_COOKIE, type Session } from '../../auth/session.ts';
import {
  postgresSessions,
  redisSessions,
  type SessionRecord,
  type SessionStore,
} from '../../sessions/store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    nonces: NonceStore;
    sessions: SessionStore;
  }
  interface FastifyRequest {
    /** the signed-in wallet, or null; read once per request */
    session(): Promise<Session | null>;
    /** the server-side record behind `session()`, or null */
    sessionRecord(): Promise<SessionRecord | null>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<{ session: Session; record: SessionRecord } | null>>();

export default fp(
  async (app) => {
    app.decorate('nonces', app.redis ? redisNonces(app.redis) : memoryNonces());
    const prefix = `skald:${createHash('sha1')
      .update(`${app.config.databaseUrl}|${app.config.viewsSchema}`)
      .digest('hex')
      .slice(0, 12)}`;
    const sessions = app.redis ? redisSessions(app.redis, prefix) : postgresSessions(app.db.sql);
    await sessions.init();
    app.decorate('sessions', sessions);

    function current(req: FastifyRequest) {
      let pending = cache.get(req);
      if (!pending) {
        pending = (async () => {
          const raw = req.cookies[SESSION_COOKIE];
          if (!raw) return null;
          const unsigned = req.unsignCookie(raw);
          if (!unsigned.valid || unsigned.value === null) return null;
          const decoded = decodeSession(unsigned.value);
          if (!decoded) return null;
          const record = await sessions.get(decoded.token);
          if (!record || record.address !== decoded.address) return null;
          const player = await app.repos.players.byAddress(decoded.address);
          const isAdmin = player?.isAdmin ?? false;
          if (isAdmin !== record.admin) {
            await sessions.revoke(record.id);
            req.log.info(
              { address: record.address, admin: isAdmin },
              'session ended: the admin role changed',
            );
            return null;
          }
          const session: Session = { address: decoded.address, isAdmin };
          if (player?.characterId) session.characterId = player.characterId;
          return { session, record };
        })();
        cache.set(req, pending);
      }
      return pending;
    }

    app.decorateRequest('session', async function session() {
      return (await current(this))?.session ?? null;
    });
    app.decorateRequest('sessionRecord', async function sessionRecord() {
      return (await current(this))?.record ?? null;
    });
  },
  { name: 'auth', dependencies: ['repositories', 'security'] },
);

/**
 * Who is asking: `request.session()` reads the signed session cookie and looks the address up in the index
 * (admin role and selected character are always current). Also the nonce store sign-in uses.
 */
import fp from 'fastify-plugin';
import { memoryNonces, type NonceStore, redisNonces } from '../../auth/nonces.ts';
import { decodeSession, SESSION_COOKIE, type Session } from '../../auth/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    nonces: NonceStore;
  }
  interface FastifyRequest {
    /** the signed-in wallet, or null; read once per request */
    session(): Promise<Session | null>;
  }
}

const cache = new WeakMap<object, Promise<Session | null>>();

export default fp(
  async (app) => {
    app.decorate('nonces', app.redis ? redisNonces(app.redis) : memoryNonces());
    app.decorateRequest('session', function session() {
      let pending = cache.get(this);
      if (!pending) {
        pending = (async () => {
          const raw = this.cookies[SESSION_COOKIE];
          if (!raw) return null;
          const unsigned = this.unsignCookie(raw);
          if (!unsigned.valid || unsigned.value === null) return null;
          const decoded = decodeSession(unsigned.value);
          if (!decoded) return null;
          const player = await app.repos.players.byAddress(decoded.address);
          const session: Session = { address: decoded.address, isAdmin: player?.isAdmin ?? false };
          if (player?.characterId) session.characterId = player.characterId;
          return session;
        })();
        cache.set(this, pending);
      }
      return pending;
    });
  },
  { name: 'auth', dependencies: ['repositories', 'security'] },
);

/**
 * Sign-In with Ethereum: nonce, verify (records a server-side session and sets its cookie), session, logout (ends
 * the record). Tightly rate-limited.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Address, Hex } from 'viem';
import { encodeSession, SESSION_COOKIE } from '../../auth/session.ts';
import { SiweError, verifySiwe } from '../../auth/siwe.ts';
import { siweDomains, siweOrigins } from '../../config.ts';
import { reject } from '../../plugins/app/errors.ts';
import { fromTable } from '../table.ts';

const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

const auth: FastifyPluginAsyncTypebox = async (app) => {
  const secure = app.config.publicOrigin.startsWith('https:');
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, signed: true };

  app.route({
    ...fromTable(app, 'authNonce'),
    config: limited,
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { nonce: await app.nonces.issue() };
    },
  });

  app.route({
    ...fromTable(app, 'authVerify'),
    config: limited,
    handler: async (request, reply) => {
      let address: Address;
      try {
        ({ address } = await verifySiwe(request.body.message, request.body.signature as Hex, {
          domains: siweDomains(app.config),
          origins: siweOrigins(app.config),
          chainId: app.config.chainId,
          nonces: app.nonces,
        }));
      } catch (error) {
        if (error instanceof SiweError) return reject(reply, 401, error.message);
        throw error;
      }
      const player = await app.repos.players.byAddress(address);
      const { token, record } = await app.sessions.create({
        address,
        admin: player?.isAdmin ?? false,
        userAgent: request.headers['user-agent'] ?? null,
        ttlSeconds: app.config.sessionTtlSeconds,
      });
      reply.setCookie(SESSION_COOKIE, encodeSession(address, record.expiresAt, token), {
        ...cookieOptions,
        maxAge: app.config.sessionTtlSeconds,
      });
      return {
        address,
        isAdmin: player?.isAdmin ?? false,
        ...(player?.characterId ? { characterId: player.characterId } : {}),
      };
    },
  });

  app.route({
    ...fromTable(app, 'authSession'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await request.session();
      if (!session) return reject(reply, 401, 'not signed in');
      return session;
    },
  });

  app.route({
    ...fromTable(app, 'authLogout'),
    handler: async (request, reply) => {
      // the record goes: a copy of the cookie is worth nothing afterwards, on every gateway
      const record = await request.sessionRecord();
      if (record) await app.sessions.revoke(record.id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true };
    },
  });
};

export default auth;

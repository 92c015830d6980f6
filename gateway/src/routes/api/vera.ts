/**
 * GET /api/vera/:id: an object whose first entry is the vera (every field of spec section 3), then its mint,
 * transfers and battles. Answers carry an ETag; an unchanged vera costs the client a 304. The mint part never
 * changes, the rest may (level, owner, record), so the cache lifetime is short and revalidated.
 */
import { createHash } from 'node:crypto';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { reject } from '../../plugins/app/errors.ts';
import { clientErrors, Id, Nullable } from '../../schemas.ts';

const Stats = Type.Object({
  strength: Type.Integer(),
  dexterity: Type.Integer(),
  vitality: Type.Integer(),
  intellect: Type.Integer(),
  wisdom: Type.Integer(),
  charisma: Type.Integer(),
});

export const VeraSummary = Type.Object({
  id: Type.String(),
  species: Type.Integer(),
  mainRune: Type.Integer(),
  subRune: Type.Integer(),
  personality: Type.Integer(),
  abilities: Type.Array(Type.Integer()),
  strength: Type.Integer(),
  dexterity: Type.Integer(),
  vitality: Type.Integer(),
  intellect: Type.Integer(),
  wisdom: Type.Integer(),
  charisma: Type.Integer(),
  level: Type.Integer(),
  owner: Type.Object({ address: Type.String(), name: Type.String() }),
  experience: Type.Integer(),
  unallocatedPoints: Type.Integer(),
  effective: Stats,
  publicStats: Nullable(Stats),
  statTotal: Nullable(Type.Integer()),
  record: Type.Object({ wins: Type.Integer(), losses: Type.Integer(), ties: Type.Integer() }),
});

const VeraDetail = Type.Object({
  vera: VeraSummary,
  mint: Type.Object({
    method: Type.String(),
    origin: Type.Integer(),
    originName: Type.String(),
    characterId: Type.String(),
    characterName: Nullable(Type.String()),
    txHash: Type.String(),
    blockNumber: Type.String(),
    timestamp: Type.Integer(),
  }),
  transfers: Type.Array(
    Type.Object({
      from: Type.String(),
      to: Type.String(),
      txHash: Type.String(),
      blockNumber: Type.String(),
      timestamp: Type.Integer(),
    }),
  ),
  battles: Type.Array(
    Type.Object({
      battleId: Type.String(),
      battleType: Type.Integer(),
      status: Type.String(),
      side: Type.String(),
      outcome: Nullable(Type.String()),
      characterA: Type.String(),
      characterB: Type.String(),
      startedAt: Type.Integer(),
      resolvedAt: Nullable(Type.Integer()),
      scoreA: Nullable(Type.String()),
      scoreB: Nullable(Type.String()),
    }),
  ),
});

const vera: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/vera/:id',
    {
      schema: {
        params: Type.Object({ id: Id }),
        response: { 200: VeraDetail, 304: Type.Null(), ...clientErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const cached = await app.readCache.get(`vera:${id}`, [`vera:${id}`, 'battles', 'names'], async () => {
        const detail = await app.repos.veras.detail(id);
        return (
          detail && {
            detail,
            etag: `W/"${createHash('sha1').update(JSON.stringify(detail)).digest('base64url')}"`,
          }
        );
      });
      if (!cached) return reject(reply, 404, `no vera ${id}`);
      const { detail, etag } = cached;
      reply.header('etag', etag).header('cache-control', 'public, max-age=5, stale-while-revalidate=60');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return detail;
    },
  );
};

export default vera;

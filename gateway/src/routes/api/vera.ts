/**
 * GET /api/vera/:id: an object whose first entry is the vera (every field of spec section 3), then its mint,
 * transfers and battles. Answers carry an ETag; an unchanged vera costs the client a 304. The mint part never
 * changes, the rest may (level, owner, record), so the cache lifetime is short and revalidated.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { reject } from '../../plugins/app/errors.ts';
import { fromTable } from '../table.ts';

const vera: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromTable(app, 'vera'),
    handler: async (request, reply) => {
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
  });
};

export default vera;

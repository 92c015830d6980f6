/** GET /api/image?url=&w=&q=: a webp at an allowed width, from the app's own images or an allowlisted origin. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ImageSourceError } from '../../image/fetch.ts';
import { createImageProxy } from '../../image/proxy.ts';
import { reject } from '../../plugins/app/errors.ts';
import { fromTable } from '../table.ts';

const image: FastifyPluginAsyncTypebox = async (app) => {
  // the app's own images: IMAGE_ASSETS_DIR when set, else the folder of the web app mounted here
  const assetsDir = app.config.image.assetsDir ?? app.config.web?.publicDir;
  const proxy = createImageProxy({ ...app.config.image, assetsDir, cacheBytes: 64 * 1024 * 1024 });

  app.route({
    ...fromTable(app, 'image'),
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { url, w, q } = request.query;
      try {
        const { body, cached } = await proxy.render(url, w, q);
        return reply
          .type('image/webp')
          .header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
          .header('x-cache', cached ? 'hit' : 'miss')
          .header('content-security-policy', "default-src 'none'")
          .send(body);
      } catch (error) {
        if (error instanceof ImageSourceError) return reject(reply, error.status, error.message);
        throw error;
      }
    },
  });
};

export default image;

/** GET /api/image?url=&w=&q=: a webp at an allowed width, from the app's own images or an allowlisted origin. */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { clientErrors, ErrorResponse, WholeNumber } from '@skald/wire/rest';
import { ImageSourceError } from '../../image/fetch.ts';
import { ALLOWED_WIDTHS, createImageProxy } from '../../image/proxy.ts';
import { reject } from '../../plugins/app/errors.ts';

const image: FastifyPluginAsyncTypebox = async (app) => {
  // the app's own images: IMAGE_ASSETS_DIR when set, else the folder of the web app mounted here
  const assetsDir = app.config.image.assetsDir ?? app.config.web?.publicDir;
  const proxy = createImageProxy({ ...app.config.image, assetsDir, cacheBytes: 64 * 1024 * 1024 });

  app.get(
    '/image',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        querystring: Type.Object({
          url: Type.String({ minLength: 1, maxLength: 2048 }),
          w: Type.Unsafe<number>({
            type: 'integer',
            enum: ALLOWED_WIDTHS,
            description: `one of ${ALLOWED_WIDTHS.join(', ')}`,
          }),
          q: WholeNumber({ minimum: 1, maximum: 100, default: 100 }),
        }),
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          403: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          502: ErrorResponse,
          ...clientErrors,
        },
      },
    },
    async (request, reply) => {
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
  );
};

export default image;

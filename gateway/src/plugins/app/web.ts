/**
 * The web app's page handler, mounted when the gateway was given one (`GatewayConfig.web`, passed in by whoever
 * starts both). The gateway imports nothing of the web app: without one, or while it fails to load (still
 * building), pages answer 503 with a clear message and nothing else changes.
 */
import type { WebHandler } from '@skald/wire/web-handler';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** the web handler, or null when no web app was given or it failed to load */
    webHandler(): Promise<WebHandler | null>;
  }
}

export default fp(
  async (app) => {
    let loading: Promise<WebHandler | null> | undefined;
    app.decorate('webHandler', () => {
      const web = app.config.web;
      if (!web) return Promise.resolve(null);
      loading ??= (async () => {
        try {
          return await web.createHandler({ mode: app.config.webMode });
        } catch (error) {
          app.log.error({ err: error }, 'web app unavailable: pages answer 503');
          // try again later: the web app may be building
          setTimeout(() => {
            loading = undefined;
          }, 10_000).unref();
          return null;
        }
      })();
      return loading;
    });
    app.addHook('onClose', async () => {
      const handler = loading ? await loading : null;
      await handler?.close();
    });
  },
  { name: 'web' },
);

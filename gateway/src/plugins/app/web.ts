/**
 * The web app (@skald/web) renders pages on this origin. It is loaded lazily and optionally: until the package
 * is installed (or when a test turns it off) pages answer 503 with a clear message, and nothing else changes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { Session } from '../../auth/session.ts';

export type WebContext = { session: Session | null; status?: number };
export type WebHandler = {
  handle(req: IncomingMessage, res: ServerResponse, context: WebContext): Promise<void>;
  close(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** the web handler, or null when @skald/web is unavailable */
    webHandler(): Promise<WebHandler | null>;
    /** the folder of the web app's own images (its art), or undefined when @skald/web is unavailable */
    webAssetsDir(): Promise<string | undefined>;
  }
}

// a variable specifier: the gateway must type-check and run without @skald/web installed
const WEB_SERVER_MODULE = '@skald/web/server';

export default fp(
  async (app) => {
    let loading: Promise<WebHandler | null> | undefined;
    app.decorate('webHandler', () => {
      if (!app.config.web) return Promise.resolve(null);
      loading ??= (async () => {
        try {
          const mod = (await import(WEB_SERVER_MODULE)) as {
            createWebHandler(options: { mode: 'development' | 'production' }): Promise<WebHandler>;
          };
          return await mod.createWebHandler({ mode: app.config.webMode });
        } catch (error) {
          app.log.error({ err: error }, 'web app unavailable: pages answer 503');
          // try again later: the web package may be building or installing
          setTimeout(() => {
            loading = undefined;
          }, 10_000).unref();
          return null;
        }
      })();
      return loading;
    });
    app.decorate('webAssetsDir', async () => {
      if (!app.config.web) return undefined;
      try {
        const mod = (await import(WEB_SERVER_MODULE)) as { WEB_PUBLIC_DIR?: string };
        return mod.WEB_PUBLIC_DIR;
      } catch {
        return undefined;
      }
    });
    app.addHook('onClose', async () => {
      const handler = loading ? await loading : null;
      await handler?.close();
    });
  },
  { name: 'web' },
);

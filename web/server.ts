/**
 * @skald/web/server: the page handler the gateway mounts as its catch-all for page GETs. Development runs Vite
 * in middleware mode (HMR, on-the-fly SSR modules); production serves the built client (hashed, immutable) and
 * the SSR bundle. It also answers /art/*.svg, /build-manifest.json and /app-config.json.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WebApp, WebContext, WebHandler, WebMode } from '@skald/wire/web-handler';
import { writeArtFiles } from './server/art-files.ts';
import { artSvg } from './server/art-routes.ts';
import { serveStatic } from './server/assets.ts';
import { parseWebEnv } from './server/env.ts';
import { acceptEncoding, sendJson, sendText } from './server/http.ts';
import { createConfigSource } from './server/public-config.ts';
import { developmentMode, productionMode } from './server/render-mode.ts';
import { renderPage } from './server/render-page.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** The app's own images on disk (the artwork under art/): the gateway's image proxy reads them from here. */
export const WEB_PUBLIC_DIR = join(here, 'public');

/**
 * What `npm start` and the test stacks hand the gateway: it mounts the handler and serves the images. A test
 * stack names its own deployment file; unset, the pages read SKALD_DEPLOYMENT (default deployments/local.json).
 */
export function createWebApp(options: { deploymentPath?: string } = {}): WebApp {
  return {
    createHandler: (handler) => createWebHandler({ ...handler, deploymentPath: options.deploymentPath }),
    publicDir: WEB_PUBLIC_DIR,
  };
}

export const webApp: WebApp = createWebApp();

export async function createWebHandler(options: {
  mode: WebMode;
  deploymentPath?: string;
}): Promise<WebHandler> {
  const env = parseWebEnv();
  writeArtFiles(WEB_PUBLIC_DIR);
  const mode = options.mode === 'development' ? await developmentMode(here) : await productionMode(here);
  const { vite, clientDir } = mode;
  const config = createConfigSource({
    build: mode.build,
    publicRpcUrl: env.publicRpcUrl,
    deploymentPath: options.deploymentPath,
  });

  async function handle(req: IncomingMessage, res: ServerResponse, context: WebContext): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return sendText(res, 400, 'Bad Request: the path is not a URL path');
    }
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('allow', 'GET, HEAD');
      res.end('Method Not Allowed');
      return;
    }
    if (url.pathname === '/build-manifest.json') {
      return sendJson(res, { build: mode.build, builtAt: mode.builtAt, entry: '/' }, 'no-store');
    }
    if (url.pathname === '/app-config.json') return sendJson(res, config(), 'no-store');
    if (url.pathname.startsWith('/art/') && url.pathname.endsWith('.svg')) {
      const svg = artSvg(url.pathname);
      if (svg === undefined) return sendText(res, 404, 'Not Found');
      res.setHeader('content-type', 'image/svg+xml');
      res.setHeader('cache-control', 'public, max-age=86400');
      res.end(svg);
      return;
    }
    if (vite) {
      const handled = await new Promise<boolean>((resolve) => {
        vite.middlewares(req, res, () => resolve(false));
        res.once('finish', () => resolve(true));
      });
      if (handled) return;
    } else if (
      clientDir &&
      serveStatic(clientDir, url.pathname, res, method === 'HEAD', acceptEncoding(req))
    ) {
      return;
    }
    await renderPage(req, res, url, context, mode, config());
  }

  return {
    handle,
    async close() {
      await vite?.close();
    },
  };
}

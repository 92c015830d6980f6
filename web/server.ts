/**
 * @skald/web/server: the page handler the gateway mounts as its catch-all for page GETs. Development runs Vite
 * in middleware mode (HMR, on-the-fly SSR modules); production serves the built client (hashed, immutable) and
 * the SSR bundle. It also answers /art/*.svg, /build-manifest.json and /app-config.json.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants, createGzip } from 'node:zlib';
import type { WebApp, WebContext, WebHandler, WebMode, WebSession } from '@skald/wire/web-handler';
import { writeArtFiles } from './server/art-files.ts';
import { artSvg } from './server/art-routes.ts';
import { type RouterManifest, readClientBuild, serveStatic } from './server/assets.ts';
import { parseWebEnv } from './server/env.ts';
import { type HeadAssets, headMarkup, injectIntoHead } from './server/html.ts';
import { createConfigSource } from './server/public-config.ts';
import { isSearchBot } from './server/search-bots.ts';
import type { RenderOptions } from './src/boot.ts';

type Render = (options: RenderOptions) => Promise<Response>;
type Mode = {
  render(): Promise<Render>;
  head(url: string): Promise<HeadAssets>;
  build: string;
  builtAt: string;
  routerManifest?: RouterManifest;
};

const here = dirname(fileURLToPath(import.meta.url));
/** The app's own images on disk (the artwork under art/): the gateway's image proxy reads them from here. */
export const WEB_PUBLIC_DIR = join(here, 'public');

/** What `npm start` and the test stacks hand the gateway: it mounts the handler and serves the images. */
export const webApp: WebApp = { createHandler: createWebHandler, publicDir: WEB_PUBLIC_DIR };

export async function createWebHandler(options: { mode: WebMode }): Promise<WebHandler> {
  const env = parseWebEnv();
  writeArtFiles(WEB_PUBLIC_DIR);
  let vite: import('vite').ViteDevServer | undefined;
  let mode: Mode;
  let clientDir: string | undefined;

  if (options.mode === 'development') {
    const { createServer } = await import('vite');
    const server = await createServer({
      configFile: join(here, 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    vite = server;
    const started = new Date();
    mode = {
      build: `dev-${started.getTime().toString(36)}`,
      builtAt: started.toISOString(),
      render: async () =>
        ((await server.ssrLoadModule('/src/entry-server.tsx')) as { render: Render }).render,
      head: async (url) => {
        const html = await server.transformIndexHtml(url, '<html><head></head><body></body></html>');
        const inline = html.slice(html.indexOf('<head>') + 6, html.indexOf('</head>'));
        return { scripts: ['/src/entry-client.tsx'], styles: [], inline };
      },
    };
  } else {
    const client = readClientBuild(join(here, 'dist', 'client'));
    clientDir = client.dir;
    const serverEntry = pathToFileURL(join(here, 'dist', 'server', 'entry-server.js')).href;
    const module = (await import(serverEntry)) as { render: Render };
    mode = {
      build: client.build,
      builtAt: client.builtAt,
      render: async () => module.render,
      head: async () => client.head,
      routerManifest: client.routerManifest,
    };
  }

  const config = createConfigSource({ build: mode.build, publicRpcUrl: env.publicRpcUrl });

  async function handle(req: IncomingMessage, res: ServerResponse, context: WebContext): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
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
        vite?.middlewares(req, res, () => resolve(false));
        res.once('finish', () => resolve(true));
      });
      if (handled) return;
    } else if (
      clientDir &&
      serveStatic(clientDir, url.pathname, res, method === 'HEAD', acceptEncoding(req))
    ) {
      return;
    }
    await renderPage(req, res, url, context);
  }

  async function renderPage(req: IncomingMessage, res: ServerResponse, url: URL, context: WebContext) {
    const controller = new AbortController();
    res.once('close', () => controller.abort());
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(key, value);
      else if (Array.isArray(value)) headers.set(key, value.join(', '));
    }
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    const request = new Request(new URL(url.pathname + url.search, origin), {
      headers,
      signal: controller.signal,
    });
    const session = context.session ?? null;
    const boot = { config: config(), session };
    try {
      const render = await mode.render();
      const response = await render({
        request,
        config: boot.config,
        session,
        apiOrigin: loopbackOrigin(req),
        routerManifest: mode.routerManifest,
      });
      const status = context.status ?? guardStatus(url.pathname, session) ?? response.status;
      if (status >= 300 && status < 400) {
        res.statusCode = status;
        res.setHeader('location', response.headers.get('location') ?? '/');
        res.end();
        return;
      }
      if (status >= 400 && isSearchBot(req.headers['user-agent'])) {
        // search engines get the status alone, never an error page to index
        await response.body?.cancel();
        return sendText(res, status, '');
      }
      res.statusCode = status;
      response.headers.forEach((value, key) => {
        res.setHeader(key, value);
      });
      res.setHeader('cache-control', 'no-store');
      if (!response.body || req.method === 'HEAD') {
        await response.body?.cancel();
        res.end();
        return;
      }
      const head = await mode.head(url.pathname);
      const body = response.body.pipeThrough(injectIntoHead(headMarkup(boot, head)));
      const html = Readable.fromWeb(body as import('node:stream/web').ReadableStream);
      res.setHeader('vary', 'accept-encoding');
      if (!vite && /\bgzip\b/.test(acceptEncoding(req))) {
        // every chunk flushed as it comes: the page still streams, a third of the bytes on the wire
        res.setHeader('content-encoding', 'gzip');
        res.removeHeader('content-length');
        pipeline(html, createGzip({ flush: constants.Z_SYNC_FLUSH }), res).catch(() => res.destroy());
      } else html.pipe(res);
    } catch (error) {
      if (vite && error instanceof Error) vite.ssrFixStacktrace(error);
      console.error('[web] render failed', url.pathname, error);
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
      else res.end();
    }
  }

  return {
    handle,
    async close() {
      await vite?.close();
    },
  };
}

/** Admin pages without an admin session are refused here too, whatever the gateway did (defence in depth). */
function guardStatus(pathname: string, session: WebSession): number | undefined {
  if (!/^\/admin(\/|$)/.test(pathname)) return undefined;
  if (!session) return 403;
  return session.isAdmin ? undefined : 403;
}

function acceptEncoding(req: IncomingMessage): string {
  const value = req.headers['accept-encoding'];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** SSR loaders call the gateway on the port this request came in on, over loopback. */
function loopbackOrigin(req: IncomingMessage): string {
  const port = req.socket.localPort;
  return port ? `http://127.0.0.1:${port}` : `http://${req.headers.host ?? '127.0.0.1'}`;
}

function sendJson(res: ServerResponse, body: unknown, cache: string) {
  res.statusCode = 200;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', cache);
  res.end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string) {
  res.statusCode = status;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end(text);
}

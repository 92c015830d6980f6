/**
 * How pages are rendered: development through Vite in middleware mode (HMR, SSR modules loaded on the fly),
 * production from the built client (hashed, immutable files) and the SSR bundle.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ViteDevServer } from 'vite';
import type { RenderOptions } from '../src/boot.ts';
import { type RouterManifest, readClientBuild } from './assets.ts';
import type { HeadAssets } from './html.ts';

export type Render = (options: RenderOptions) => Promise<Response>;

export type RenderMode = {
  render(): Promise<Render>;
  head(url: string): Promise<HeadAssets>;
  build: string;
  builtAt: string;
  routerManifest?: RouterManifest;
  /** development: Vite's server, whose middlewares answer the client's module requests */
  vite?: ViteDevServer;
  /** production: the built client's folder, served as static files */
  clientDir?: string;
};

/** `root`: the web package's folder (vite.config.ts, src/, dist/). */
export async function developmentMode(root: string): Promise<RenderMode> {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: join(root, 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'custom',
  });
  const started = new Date();
  return {
    vite: server,
    build: `dev-${started.getTime().toString(36)}`,
    builtAt: started.toISOString(),
    render: async () => ((await server.ssrLoadModule('/src/entry-server.tsx')) as { render: Render }).render,
    head: async (url) => {
      const html = await server.transformIndexHtml(url, '<html><head></head><body></body></html>');
      const inline = html.slice(html.indexOf('<head>') + 6, html.indexOf('</head>'));
      return { scripts: ['/src/entry-client.tsx'], styles: [], inline };
    },
  };
}

/** `root`: the web package's folder, whose dist/ holds the client and server builds. */
export async function productionMode(root: string): Promise<RenderMode> {
  const client = readClientBuild(join(root, 'dist', 'client'));
  const serverEntry = pathToFileURL(join(root, 'dist', 'server', 'entry-server.js')).href;
  const module = (await import(serverEntry)) as { render: Render };
  return {
    clientDir: client.dir,
    build: client.build,
    builtAt: client.builtAt,
    render: async () => module.render,
    head: async () => client.head,
    routerManifest: client.routerManifest,
  };
}

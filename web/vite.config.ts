/**
 * One Vite config for the browser bundle (dist/client) and the SSR bundle (dist/server). Routes are file routes
 * under src/routes, each split into its own chunk so a page loads only the code it shows.
 */

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { routerReloadGuard } from './scripts/router-reload-guard.ts';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * A dynamic import preloads the chunks it needs (Vite lists them next to the import), but a chunk the importing
 * chunk already imports statically is loaded by then: listing it only adds bytes to the importer. Every route
 * chunk, the entry and each form with a lazily loaded part carry such lists, so they keep only the new chunks.
 */
function preloadNewChunksOnly() {
  let bundle: Rollup.OutputBundle | undefined;
  const plugin: Plugin = {
    name: 'skald:preload-new-chunks-only',
    // the bundle as the import analysis (which calls resolveDependencies) sees it
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
  const resolveDependencies = (
    _file: string,
    deps: string[],
    context: { hostId: string; hostType: string },
  ) => {
    if (context.hostType !== 'js' || bundle === undefined) return deps;
    const output = bundle;
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      const chunk = output[file];
      if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
    };
    visit(context.hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
const preload = preloadNewChunksOnly();

export default defineConfig({
  root: here,
  appType: 'custom',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: resolve(here, 'src/routes'),
      generatedRouteTree: resolve(here, 'src/routeTree.gen.ts'),
      routeFileIgnorePrefix: '-',
    }),
    react(),
    routerReloadGuard(),
    preload.plugin,
  ],
  environments: {
    client: {
      build: {
        outDir: resolve(here, 'dist/client'),
        manifest: true,
        emptyOutDir: true,
        modulePreload: { resolveDependencies: preload.resolveDependencies },
        rollupOptions: { input: resolve(here, 'src/entry-client.tsx') },
      },
    },
    ssr: {
      build: {
        outDir: resolve(here, 'dist/server'),
        emptyOutDir: true,
        rollupOptions: { input: resolve(here, 'src/entry-server.tsx') },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client as never);
      await builder.build(builder.environments.ssr as never);
    },
  },
});

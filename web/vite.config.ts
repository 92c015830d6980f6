/**
 * One Vite config for the browser bundle (dist/client) and the SSR bundle (dist/server). Routes are file routes
 * under src/routes, each split into its own chunk so a page loads only the code it shows.
 */

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routerReloadGuard } from './scripts/router-reload-guard.ts';

const here = dirname(fileURLToPath(import.meta.url));

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
  ],
  environments: {
    client: {
      build: {
        outDir: resolve(here, 'dist/client'),
        manifest: true,
        emptyOutDir: true,
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

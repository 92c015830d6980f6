/**
 * The router factory, called once per SSR request and once in the browser: a fresh QueryClient and wagmi config
 * each time (never module singletons), wired for streamed dehydration of queries.
 */
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { ReactNode } from 'react';
import { type Api, createApi } from './api/client.ts';
import { createQueryClient, sessionQueryOptions } from './api/queries.ts';
import type { AppConfig, Session } from './boot.ts';
import { ErrorPage } from './components/errors/error-page.tsx';
import { NotFoundPage } from './components/errors/not-found-page.tsx';
import { AppProviders } from './providers.tsx';
import { routeTree } from './routeTree.gen.ts';
import { createWagmiConfig } from './wallet/config.ts';

export type AppRouterOptions = {
  config: AppConfig;
  session: Session;
  api?: Api;
  /** the cookie header (server) or document.cookie (browser): wagmi's saved connection */
  cookie?: string;
};

export function createAppRouter(options: AppRouterOptions) {
  const queryClient = createQueryClient();
  const api = options.api ?? createApi();
  queryClient.setQueryData(sessionQueryOptions(api).queryKey, options.session);
  const wagmiConfig = createWagmiConfig(options.config);
  const router = createRouter({
    routeTree,
    context: { queryClient, api, config: options.config },
    // TanStack Query decides freshness; the router's own preload cache would hide it
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    // biome-ignore lint/correctness/noComponentHookFactories: Wrap must close over this request's own wagmi config
    Wrap: ({ children }: { children: ReactNode }) => (
      <AppProviders wagmiConfig={wagmiConfig} cookie={options.cookie}>
        {children}
      </AppProviders>
    ),
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

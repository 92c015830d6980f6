/**
 * The router factory, called once per SSR request and once in the browser: a fresh QueryClient and wallet layer
 * each time (never module singletons), wired for streamed dehydration of queries. The wallet layer's wagmi config
 * is made in the browser only, once the page is idle (wallet/wallet-layer.tsx).
 */
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { ReactNode } from 'react';
import { type Api, createApi } from './api/client.ts';
import { createQueryClient, sessionQueryOptions } from './api/queries.ts';
import type { AppConfig, Session } from './boot.ts';
import { ErrorPage } from './components/errors/error-page.tsx';
import { NotFoundPage } from './components/errors/not-found-page.tsx';
import { routeTree } from './routeTree.gen.ts';
import { WalletLayerProvider } from './wallet/wallet-layer.tsx';

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
  const router = createRouter({
    routeTree,
    context: { queryClient, api, config: options.config },
    // TanStack Query decides freshness; the router's own preload cache would hide it
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    // biome-ignore lint/correctness/noComponentHookFactories: Wrap must close over this request's own config and cookie
    Wrap: ({ children }: { children: ReactNode }) => (
      <WalletLayerProvider config={options.config} cookie={options.cookie}>
        {children}
      </WalletLayerProvider>
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

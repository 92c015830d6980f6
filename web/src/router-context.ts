/**
 * What every route's loader and component get from the router: the request's QueryClient, the gateway client and
 * the boot config. Its own module so that routes/__root.tsx types its context without importing router.tsx,
 * which imports the route tree (and so every route) back.
 */
import type { Api } from './api/client.ts';
import type { createQueryClient } from './api/queries.ts';
import type { AppConfig } from './boot.ts';

export type RouterContext = {
  queryClient: ReturnType<typeof createQueryClient>;
  api: Api;
  config: AppConfig;
};

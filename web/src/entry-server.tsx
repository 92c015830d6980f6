/**
 * SSR entry: renders a request into a streamed HTML Response. The caller (server.ts) supplies the gateway
 * session, public config and the loopback API origin; nothing here outlives the request.
 */
import { createRequestHandler, RouterServer, renderRouterToStream } from '@tanstack/react-router/ssr/server';
import { createApi } from './api/client.ts';
import type { AppConfig, Session } from './boot.ts';
import { createAppRouter } from './router.tsx';

export type RenderOptions = {
  request: Request;
  config: AppConfig;
  session: Session;
  /** where the gateway answers during SSR, e.g. http://127.0.0.1:3000 */
  apiOrigin: string;
};

export async function render(options: RenderOptions): Promise<Response> {
  const cookie = options.request.headers.get('cookie') ?? undefined;
  const handler = createRequestHandler({
    request: options.request,
    createRouter: () =>
      createAppRouter({
        config: options.config,
        session: options.session,
        cookie,
        api: createApi({ base: options.apiOrigin, cookie }),
      }),
  });
  return handler(({ request, responseHeaders, router }) =>
    renderRouterToStream({ request, responseHeaders, router, children: <RouterServer router={router} /> }),
  );
}

/**
 * SSR entry: renders a request into a streamed HTML Response. The caller (server.ts) supplies the gateway
 * session, public config and the loopback API origin; nothing here outlives the request.
 */
import { createRequestHandler, RouterServer, renderRouterToStream } from '@tanstack/react-router/ssr/server';
import { createApi } from './api/client.ts';
import type { RenderOptions } from './boot.ts';
import { failedStatus } from './components/errors/page-head.tsx';
import { createAppRouter } from './router.tsx';

export type { RenderOptions };

export async function render(options: RenderOptions): Promise<Response> {
  const cookie = options.request.headers.get('cookie') ?? undefined;
  const manifest = options.routerManifest;
  const handler = createRequestHandler({
    request: options.request,
    getRouterManifest: manifest ? async () => manifest : undefined,
    createRouter: () =>
      createAppRouter({
        config: options.config,
        session: options.session,
        cookie,
        api: createApi({ base: options.apiOrigin, cookie }),
      }),
  });
  return handler(async ({ request, responseHeaders, router }) => {
    const rendered = await renderRouterToStream({
      request,
      responseHeaders,
      router,
      children: <RouterServer router={router} />,
    });
    // the page's status follows the error it shows (429, 503, …), not only the router's 404/500
    const { response } = rendered;
    const failed = failedStatus(router.state.matches);
    if (failed === undefined || failed === response.status) return rendered;
    return {
      ...rendered,
      response: new Response(response.body, { status: failed, headers: response.headers }),
    };
  });
}

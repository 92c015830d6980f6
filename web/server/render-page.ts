/**
 * One page through SSR: the app renders the request, the status is settled (the gateway's, an admin guard's,
 * or the app's own), and the HTML streams out with the boot data and assets injected into its head (gzipped
 * chunk by chunk in production).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import type { WebContext, WebSession } from '@skald/wire/web-handler';
import type { AppConfig } from '../src/boot.ts';
import { headMarkup, injectIntoHead } from './html.ts';
import { acceptEncoding, loopbackOrigin, sendText, toFetchRequest } from './http.ts';
import type { RenderMode } from './render-mode.ts';
import { isSearchBot } from './search-bots.ts';

export async function renderPage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  context: WebContext,
  mode: RenderMode,
  config: AppConfig,
): Promise<void> {
  const { vite } = mode;
  const request = toFetchRequest(req, res, url);
  const session = context.session ?? null;
  const boot = { config, session };
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
    // a pipeline, never .pipe(): a client that leaves mid-page aborts the render, and that error (or any
    // other while streaming) must end this response, not reach the process as an unhandled 'error' event
    const streamed =
      !vite && /\bgzip\b/.test(acceptEncoding(req))
        ? (() => {
            // every chunk flushed as it comes: the page still streams, a third of the bytes on the wire
            res.setHeader('content-encoding', 'gzip');
            res.removeHeader('content-length');
            return pipeline(html, createGzip({ flush: constants.Z_SYNC_FLUSH }), res);
          })()
        : pipeline(html, res);
    await streamed.catch((error: unknown) => {
      res.destroy();
      if (!request.signal.aborted) console.error('[web] page stream failed', url.pathname, error);
    });
  } catch (error) {
    if (vite && error instanceof Error) vite.ssrFixStacktrace(error);
    console.error('[web] render failed', url.pathname, error);
    if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
    else res.end();
  }
}

/** Admin pages without an admin session are refused here too, whatever the gateway did (defence in depth). */
function guardStatus(pathname: string, session: WebSession): number | undefined {
  if (!/^\/admin(\/|$)/.test(pathname)) return undefined;
  if (!session) return 403;
  return session.isAdmin ? undefined : 403;
}

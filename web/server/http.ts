/** Small helpers for answering node:http requests. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export function acceptEncoding(req: IncomingMessage): string {
  const value = req.headers['accept-encoding'];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** SSR loaders call the gateway on the port this request came in on, over loopback. */
export function loopbackOrigin(req: IncomingMessage): string {
  const port = req.socket.localPort;
  return port ? `http://127.0.0.1:${port}` : `http://${req.headers.host ?? '127.0.0.1'}`;
}

/** The node request as a fetch Request (the SSR entry's input), aborted when the response closes. */
export function toFetchRequest(req: IncomingMessage, res: ServerResponse, url: URL): Request {
  const controller = new AbortController();
  res.once('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(', '));
  }
  const origin = `http://${req.headers.host ?? 'localhost'}`;
  return new Request(new URL(url.pathname + url.search, origin), { headers, signal: controller.signal });
}

export function sendJson(res: ServerResponse, body: unknown, cache: string) {
  res.statusCode = 200;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', cache);
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, text: string) {
  res.statusCode = status;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end(text);
}

/**
 * Page renders call the API over loopback, from this process. Behind a proxy every such call would come from
 * 127.0.0.1 and share one rate-limit bucket: one busy visitor could exhaust it for all. So each request runs in a
 * context that remembers its client address and the port it came in on; a fetch made during it to this port on
 * loopback (the renderer's API calls) carries a per-process secret and that client address. The rate limit keys
 * such calls by the visitor they render for, apart from the visitor's own calls. The secret never leaves the
 * process, so the header cannot be forged from outside; without it the header is ignored.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const SSR_KEY_HEADER = 'x-skald-ssr-key';
export const SSR_CLIENT_HEADER = 'x-skald-ssr-client';

const secret = randomBytes(32).toString('hex');
const context = new AsyncLocalStorage<{ client: string; port: number }>();
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

let installed = false;
/** Wraps the global fetch once per process: loopback calls to the requesting port carry the render's identity. */
function installFetch() {
  if (installed) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const store = context.getStore();
    if (!store) return original(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!LOOPBACK.has(url.hostname) || Number(url.port) !== store.port) return original(input, init);
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers).forEach((v, k) => {
      headers.set(k, v);
    });
    headers.set(SSR_KEY_HEADER, secret);
    headers.set(SSR_CLIENT_HEADER, store.client);
    return original(input, { ...init, headers });
  }) as typeof fetch;
}

/** Runs the rest of a request in a context that names its client (an onRequest hook body). */
export function runAsClient(client: string, port: number | undefined, next: () => void) {
  installFetch();
  if (!port) return next();
  context.run({ client, port }, next);
}

/** The visitor a loopback render call is made for, when it carries this process's secret; else null. */
export function renderedFor(headers: Record<string, string | string[] | undefined>): string | null {
  const key = headers[SSR_KEY_HEADER];
  const client = headers[SSR_CLIENT_HEADER];
  if (typeof key !== 'string' || typeof client !== 'string' || client.length > 64) return null;
  const a = Buffer.from(key);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b) ? client : null;
}

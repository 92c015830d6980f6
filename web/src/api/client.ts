/**
 * The one way the app talks to the gateway's REST routes: `api.call(route, request)`, a route of the table in
 * `@skald/wire/rest` by name, its URL built from the table (`routeUrl`) and its answer typed by the route's
 * schema. In the browser paths are same-origin; during SSR they go to the gateway over loopback with the
 * visitor's cookie, so session-bound routes answer the same way.
 */
import type { RouteArgs, RouteName, RouteResponse } from '@skald/wire/rest';
import { ROUTE_PATHS } from '@skald/wire/rest/paths';
import { routeUrl } from '@skald/wire/rest/route-url';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

export type Api = {
  /** `api.call('vera', { params: { id } })`: the route's answer, or an ApiError with its status. */
  call<N extends RouteName>(route: N, ...request: RouteArgs<N>): Promise<RouteResponse<N>>;
};

export function createApi(options: { base: string; cookie?: string } = { base: '' }): Api {
  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.cookie) headers.cookie = options.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${options.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const text = await response.text();
    const json: unknown = text ? safeJson(text) : undefined;
    if (!response.ok) {
      const message =
        json && typeof json === 'object' && 'message' in json && typeof json.message === 'string'
          ? json.message
          : `${method} ${path} failed with ${response.status}`;
      throw new ApiError(response.status, message, path);
    }
    return json as T;
  }
  return {
    call: (route, ...[input]) =>
      request(
        ROUTE_PATHS[route].method,
        routeUrl(route, input),
        input && 'body' in input ? input.body : undefined,
      ),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * A route's URL, built from the route table's path (paths.ts) and typed by its request schema (routes.ts, types
 * only): no TypeBox at run time, so the web app imports it as `@skald/wire/rest/route-url`.
 */
import { ROUTE_PATHS } from './paths.ts';
import type { RouteName, RouteRequest } from './routes.ts';

/** A query value: absent (`undefined`, left out), one value, or several (one `key=` each). */
type QueryValue = string | number | boolean | undefined | readonly (string | number)[];

/**
 * The URL of a route: its path with the parameters filled in (each URI-encoded) and its query (a key per defined
 * value, `key=` once per item of an array). Only the route's own parameters and query fields are accepted.
 */
export function routeUrl<N extends RouteName>(name: N, request?: RouteRequest<N>): string {
  const { params, query } = (request ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
  };
  const path = ROUTE_PATHS[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new TypeError(`${name}: the path parameter ${key} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

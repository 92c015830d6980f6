/**
 * Registering a route from the route table (`@skald/wire/rest` `ROUTES`): its method and path (less the prefix
 * of the plugin it is registered in), and its schemas, by which Fastify validates the path parameters, query and
 * body (a bad one: 400 from the one error handler) and serializes the answers. The handler stays with its route:
 *
 *   app.route({ ...fromTable(app, 'battle'), handler: async (request, reply) => … });
 */
import { clientErrors, ROUTES, type Route, type RouteName } from '@skald/wire/rest';

type Field<R, K extends string> = K extends keyof R ? R[K] : undefined;

export function fromTable<N extends RouteName>(app: { prefix: string }, name: N) {
  const route: Route<N> = ROUTES[name];
  if (!route.path.startsWith(app.prefix)) {
    throw new Error(`route ${name} (${route.path}) is registered under ${app.prefix}, outside its path`);
  }
  const { params, query, body, response, otherResponses } = route as {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    response: unknown;
    otherResponses?: object;
  };
  const schema = {
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    response: { 200: response, ...(otherResponses ?? clientErrors) },
  };
  return {
    method: route.method,
    url: route.path.slice(app.prefix.length),
    schema: schema as {
      params: Field<Route<N>, 'params'>;
      querystring: Field<Route<N>, 'query'>;
      body: Field<Route<N>, 'body'>;
      response: { 200: Route<N>['response'] } & (Route<N> extends { otherResponses: infer O }
        ? O
        : typeof clientErrors);
    },
  };
}

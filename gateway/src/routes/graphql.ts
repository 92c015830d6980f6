/**
 * /graphql and /sql/* on the gateway's origin, served by Ponder's own GraphQL and SQL-over-HTTP endpoints in the
 * indexer process (generated from the indexed tables: filters, ordering, cursor pagination). The gateway checks
 * depth and cost first, turns GET queries into POSTs (Ponder answers GET with its GraphiQL page), and forwards.
 */
import { Readable } from 'node:stream';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { checkQuery, LIMITS, QueryLimitError } from '../graphql/limits.ts';

const Operation = Type.Object({
  query: Type.String({ minLength: 1 }),
  variables: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
  operationName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
type Operation = { query: string; variables?: Record<string, unknown> | null; operationName?: string | null };

const graphqlError = (reply: FastifyReply, status: number, message: string) =>
  reply
    .code(status)
    .type('application/json')
    .send({ errors: [{ message }] });

const graphql: FastifyPluginAsyncTypebox = async (app) => {
  const upstream = app.config.indexerUrl.replace(/\/$/, '');

  async function forward(reply: FastifyReply, path: string, init: RequestInit) {
    let response: Response;
    try {
      response = await fetch(`${upstream}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch {
      return graphqlError(reply, 503, 'the indexer is unreachable; retry shortly');
    }
    reply.code(response.status);
    const type = response.headers.get('content-type');
    if (type) reply.type(type);
    return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
  }

  const check = (ops: Operation[]) => {
    if (ops.length > LIMITS.batch) throw new QueryLimitError(`at most ${LIMITS.batch} operations per batch`);
    for (const op of ops) checkQuery(op.query, op.variables ?? {});
  };

  app.post(
    '/graphql',
    { schema: { body: Type.Union([Operation, Type.Array(Operation, { minItems: 1 })]) } },
    async (request, reply) => {
      const ops = Array.isArray(request.body) ? request.body : [request.body];
      try {
        check(ops);
      } catch (error) {
        if (error instanceof QueryLimitError) return graphqlError(reply, 400, error.message);
        throw error;
      }
      // Ponder's endpoint takes one operation; a batch is answered as an array in order
      if (!Array.isArray(request.body)) {
        return forward(reply, '/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(request.body),
        });
      }
      const results = [];
      for (const op of ops) {
        try {
          const r = await fetch(`${upstream}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify(op),
            signal: AbortSignal.timeout(30_000),
          });
          results.push(await r.json());
        } catch {
          return graphqlError(reply, 503, 'the indexer is unreachable; retry shortly');
        }
      }
      return reply.type('application/json').send(results);
    },
  );

  app.get(
    '/graphql',
    {
      schema: {
        querystring: Type.Object({
          query: Type.String({ minLength: 1 }),
          variables: Type.Optional(Type.String()),
          operationName: Type.Optional(Type.String()),
        }),
      },
    },
    async (request, reply) => {
      let variables: Record<string, unknown> | undefined;
      try {
        variables = request.query.variables
          ? (JSON.parse(request.query.variables) as Record<string, unknown>)
          : undefined;
      } catch {
        return graphqlError(reply, 400, 'variables must be JSON');
      }
      const op = { query: request.query.query, variables, operationName: request.query.operationName };
      try {
        check([op]);
      } catch (error) {
        if (error instanceof QueryLimitError) return graphqlError(reply, 400, error.message);
        throw error;
      }
      return forward(reply, '/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(op),
      });
    },
  );

  // Ponder's read-only SQL over HTTP (@ponder/client): it parses each query and allows only SELECTs on the
  // indexed tables. Forwarded as is, live-query streams included.
  app.route({
    method: ['GET', 'POST'],
    url: '/sql/*',
    handler: async (request, reply) => {
      const path = request.url;
      const init: RequestInit = {
        method: request.method,
        headers: { accept: request.headers.accept ?? '*/*' },
      };
      if (request.method === 'POST') {
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
        init.body = JSON.stringify(request.body ?? {});
      }
      return forward(reply, path, init);
    },
  });
};

export default graphql;

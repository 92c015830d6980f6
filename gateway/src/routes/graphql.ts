/**
 * /graphql and /sql/* on the gateway's origin. GraphQL is Ponder's, generated from the indexed tables (filters,
 * ordering, cursor pagination), in the indexer process: the gateway checks depth and cost first, turns GET
 * queries into POSTs (Ponder answers GET with its GraphiQL page), forwards, and gives up (422) after
 * SQL_TIMEOUT_MS. With GraphQL readers on the replica (GRAPHQL_READ_URL), GraphQL goes to them while REST reads
 * the replica, and to the indexer while the replica lags or is down, or when no reader answers; the answer's
 * `x-skald-read-from` says which (`replica` or `primary`). /sql/db runs here on the analyst connection, bounded in time and rows; /sql/live (live
 * queries) is forwarded to Ponder.
 */
import { Readable } from 'node:stream';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { checkOperations, QueryLimitError } from '../graphql/limits.ts';
import { createIndexerUpstream, type IndexerUpstream } from '../indexer-upstream.ts';
import { reject } from '../plugins/app/errors.ts';
import { createAnalyst, parseSqlParam, SqlQueryError, sqlError } from '../sql/analyst.ts';
import { startAnalystWatchdog } from '../sql/watchdog.ts';

const Operation = Type.Object({
  query: Type.String({ minLength: 1 }),
  variables: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
  operationName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
type Operation = { query: string; variables?: Record<string, unknown> | null; operationName?: string | null };

/** Two Postgres URLs name the same server (host and port). */
function sameServer(a: string, b: string | undefined): boolean {
  if (!b) return false;
  const [x, y] = [new URL(a), new URL(b)];
  return x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432');
}

/** where a GraphQL answer was read: a reader on the replica, or the indexer on the primary */
type ReadFrom = 'replica' | 'primary';

const graphqlError = (reply: FastifyReply, status: number, message: string) =>
  reply
    .code(status)
    .type('application/json')
    .send({ errors: [{ message }] });

const graphql: FastifyPluginAsyncTypebox = async (app) => {
  const upstream = createIndexerUpstream(app.config.indexerUrls);
  const readers = app.config.graphqlReadUrls?.length
    ? createIndexerUpstream(app.config.graphqlReadUrls)
    : undefined;
  const { timeoutMs, maxRows } = app.config.sql;
  const limits = { timeoutMs, maxRows, viewsSchema: app.config.viewsSchema };
  const analystUrl = app.config.sql.analystUrl;
  // the analyst role on the replica (the cluster's setup): its statements are cancelled there
  const owner =
    app.replica && analystUrl && sameServer(analystUrl, app.config.readUrl)
      ? app.replica.replica.sql
      : app.db.sql;
  const analyst = createAnalyst({
    url: analystUrl ?? app.config.databaseUrl,
    viewsSchema: app.config.viewsSchema,
    timeoutMs,
    maxRows,
    owner,
  });
  // the analyst role's own sessions (psql included) are held to the limit whatever they SET
  const watchdog = startAnalystWatchdog({
    owner,
    role: analystUrl ? decodeURIComponent(new URL(analystUrl).username) : 'skald_analyst',
    limitMs: timeoutMs,
    onAction: (a) => app.log.warn(a, 'analyst statement past the limit stopped'),
    onError: (error) => app.log.debug({ err: error }, 'analyst watchdog could not look'),
  });
  app.addHook('onClose', async () => {
    await watchdog.stop();
    await analyst.close();
  });
  const timedOut = () =>
    `the query ran longer than the ${timeoutMs} ms timeout and was cancelled; ask for fewer rows or add filters`;

  /**
   * Ponder runs GraphQL on its own read-only pool (application_name `<schema>_readonly`) with a 30 s timeout;
   * when the gateway gives up sooner it cancels those statements that have run about as long, so the work
   * stops in Postgres too, not only the answer.
   */
  async function cancelRunaway(from: ReadFrom) {
    const db = from === 'replica' && app.replica ? app.replica.replica : app.db;
    await db.sql`
      select pg_cancel_backend(pid) from pg_stat_activity
      where application_name like '%\_readonly' and state = 'active'
        and query_start <= now() - make_interval(secs => ${Math.max(0, timeoutMs - 500) / 1000})`.catch(
      (error) => app.log.warn({ err: error }, 'could not cancel a runaway GraphQL statement'),
    );
  }

  /**
   * Ponder's GraphQL (or live queries, `live`: always the indexer) within the timeout: its answer and where it
   * read, 'timeout', or 'unreachable'. GraphQL tries the readers first while REST reads the replica; a reader
   * that fails (gone, refused, or a 5xx) sends the request on to the indexer (GraphQL only reads).
   */
  async function upstreamFetch(
    path: string,
    init: RequestInit,
    signal: AbortSignal = AbortSignal.timeout(timeoutMs),
    live = false,
  ): Promise<{ response: Response; from: ReadFrom } | 'timeout' | 'unreachable'> {
    const order: [IndexerUpstream, ReadFrom][] =
      readers && !live && app.replica?.status().reads === 'replica'
        ? [
            [readers, 'replica'],
            [upstream, 'primary'],
          ]
        : [[upstream, 'primary']];
    for (const [target, from] of order) {
      try {
        const response = await target.fetch(path, { ...init, signal });
        // a reader that failed the query (its replica restarting under it): the indexer answers instead
        if (target !== upstream && response.status >= 500) {
          await response.body?.cancel();
          continue;
        }
        return { response, from };
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') {
          await cancelRunaway(from);
          return 'timeout';
        }
        // a reader that failed otherwise: the indexer answers instead
        if (target === upstream) return 'unreachable';
      }
    }
    return 'unreachable';
  }

  async function forward(reply: FastifyReply, path: string, init: RequestInit, live = false) {
    const answer = await upstreamFetch(path, init, undefined, live);
    if (answer === 'timeout') return graphqlError(reply, 422, timedOut());
    if (answer === 'unreachable')
      return graphqlError(reply, 503, 'the indexer is unreachable; retry shortly');
    const { response, from } = answer;
    reply.header('x-skald-read-from', from);
    reply.code(response.status);
    const type = response.headers.get('content-type');
    if (type) reply.type(type);
    return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
  }

  // one budget per request: a batch shares the limits (and the upstream timeout below) of one query
  const check = (ops: Operation[]) => checkOperations(ops);

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
      const deadline = AbortSignal.timeout(timeoutMs);
      for (const op of ops) {
        const r = await upstreamFetch(
          '/graphql',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify(op),
          },
          deadline,
        );
        if (r === 'timeout') return graphqlError(reply, 422, timedOut());
        if (r === 'unreachable') return graphqlError(reply, 503, 'the indexer is unreachable; retry shortly');
        try {
          results.push(await r.response.json());
        } catch (error) {
          if ((error as Error).name === 'TimeoutError') return graphqlError(reply, 422, timedOut());
          return graphqlError(reply, 502, 'the indexer answered with something that is not JSON');
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

  // @ponder/client's one-shot queries: run here, bounded (see sql/analyst.ts)
  app.route({
    method: ['GET', 'POST'],
    url: '/sql/db',
    handler: async (request, reply) => {
      const query = request.query as { sql?: unknown };
      const body = request.body as { sql?: unknown } | undefined;
      try {
        const parsed =
          request.method === 'POST' && body && typeof body === 'object'
            ? parseSqlParam(JSON.stringify(body))
            : parseSqlParam(query.sql);
        const answer = await analyst.run(parsed, request.ip);
        if (answer.truncated) reply.header('x-skald-truncated', String(maxRows));
        return reply.header('cache-control', 'no-store').send(answer);
      } catch (error) {
        const failure = error instanceof SqlQueryError ? error : sqlError(error, limits);
        if (failure.statusCode >= 500) request.log.warn({ err: error }, 'sql query failed');
        return reject(reply, failure.statusCode, failure.message);
      }
    },
  });

  // Ponder's live queries (@ponder/client's server-sent events), forwarded as they are
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
      return forward(reply, path, init, true);
    },
  });
};

export default graphql;

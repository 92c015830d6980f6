/**
 * One error handler. Client mistakes get their 4xx with a message naming what was wrong; a database that is
 * down, restarting, overloaded or that dropped the connection gets 503 with Retry-After (the pool reconnects by
 * itself); a Postgres error caused by the request's values (a number out of range, text that is not a number)
 * is a 400; anything else is logged with the request's context and answered 500 without internals.
 */
import { DECIMAL_PATTERN } from '@skald/wire/rest';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

/** One route as registered: what the input boundary (and the fuzz suite) knows about it. */
export type RouteEntry = { methods: string[]; url: string; schema?: FastifySchema };

declare module 'fastify' {
  interface FastifyInstance {
    /** every route registered after this plugin (all of the gateway's routes), in registration order */
    routeCatalog: RouteEntry[];
  }
}

/** postgres.js and server error codes that mean "Postgres is unreachable right now", not "your query is bad". */
const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
  '3D000', // database does not exist (yet)
  '42P01', // relation missing: the indexer has not created its views yet
  '3F000', // schema missing: same
  '57P04', // database dropped
  '57P05', // idle session timeout
  '57014', // query_canceled: a statement timeout or a cancel (the watchdog, an operator)
  '25006', // read_only_sql_transaction: a failover left us on a replica
  '40001', // serialization_failure: retry
  '40P01', // deadlock_detected: retry
  '53000', // insufficient_resources
  '53100', // disk_full
  '53200', // out_of_memory
  '55P03', // lock_not_available
]);

/** The first code of `error` (or its causes) that means "unavailable", or undefined. */
function unavailableCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE.has(e.code)) return e.code;
    if (e instanceof AggregateError) {
      for (const inner of e.errors) {
        const code = unavailableCode(inner);
        if (code) return code;
      }
    }
    e = e.cause as typeof e;
  }
  return undefined;
}

export function isUnavailable(error: unknown): boolean {
  return unavailableCode(error) !== undefined;
}

function unavailableMessage(code: string): string {
  if (code === '57014')
    return 'the database stopped the query (it ran too long or was cancelled); retry shortly';
  if (/^(40|53|55)/.test(code)) return 'the database is busy; retry shortly';
  return 'the database is unavailable; retry shortly';
}

/**
 * A Postgres error the request's own values caused: class 22 (data exception: a value out of range, text that
 * is not a number, a bad date) and the program limits of class 54 (a value or statement too large). Their
 * message names the value's problem, not our internals.
 */
export function clientFault(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^(22[0-9A-Z]{3}|54[0-9A-Z]{3})$/.test(code) && (e as { severity?: unknown }).severity !== undefined)
      return `the request holds a value the database cannot take: ${String(e.message)}`;
    e = e.cause as typeof e;
  }
  return undefined;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function reject(reply: FastifyReply, statusCode: number, message: string) {
  return reply.code(statusCode).send({ statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message });
}

/** The database cannot answer: 503 with a retry in 2 s, counted as a database error. */
export function databaseUnavailable(app: FastifyInstance, reply: FastifyReply, message: string) {
  app.metrics.errors.inc({ where: 'database' });
  return reject(reply.header('retry-after', '2'), 503, message);
}

function validationMessage(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  const parts = (error.validation ?? []).map((v) => {
    const field = `${where}${v.instancePath.replaceAll('/', '.')}`;
    const params = v.params as { missingProperty?: string; pattern?: string };
    if (params.missingProperty) return `${where}.${params.missingProperty} is required`;
    if (v.keyword === 'pattern' && params.pattern === DECIMAL_PATTERN)
      return `${field} must be a whole number in decimal digits (no sign, exponent, point or leading zero)`;
    return `${field} ${v.message ?? 'is invalid'}`;
  });
  return parts.length > 0 ? parts.join('; ') : error.message;
}

/** Where a request's decoded input holds U+0000 (as "querystring.name"), or undefined. */
function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export default fp(
  async (app) => {
    const catalog: RouteEntry[] = [];
    app.decorate('routeCatalog', catalog);
    app.addHook('onRoute', (route) => {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
      catalog.push({ methods, url: route.url, schema: route.schema });
    });
    // Postgres text cannot hold U+0000: input carrying it is the client's mistake (400), not a failed query (500)
    app.addHook('preValidation', async (request, reply) => {
      const inputs = { querystring: request.query, params: request.params, body: request.body };
      for (const [where, value] of Object.entries(inputs)) {
        const path = nulPath(value, where);
        if (path)
          return reject(reply, 400, `${path} contains a NUL character (U+0000), which text cannot hold`);
      }
    });
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error.validation) return reject(reply, 400, validationMessage(error));
      const unavailable = unavailableCode(error);
      if (unavailable) {
        request.log.warn({ err: error, url: request.url }, 'database unavailable');
        return databaseUnavailable(app, reply, unavailableMessage(unavailable));
      }
      const fault = clientFault(error);
      if (fault) return reject(reply, 400, fault);
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) return reject(reply, status, error.message);
      request.log.error(
        { err: error, method: request.method, url: request.url, id: request.id },
        'request failed',
      );
      app.metrics.errors.inc({ where: 'http' });
      return reply
        .code(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'something went wrong' });
    });
  },
  { name: 'errors', dependencies: ['metrics'] },
);

/**
 * One error handler. Client mistakes get their 4xx with a message naming what was wrong; a database that is
 * down or restarting gets 503 with Retry-After (the pool reconnects by itself); anything else is logged with
 * the request's context and answered 500 without internals.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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
]);

export function isUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE.has(e.code)) return true;
    if (e instanceof AggregateError && e.errors.some(isUnavailable)) return true;
    e = e.cause as typeof e;
  }
  return false;
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

function validationMessage(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  const parts = (error.validation ?? []).map((v) => {
    const field = `${where}${v.instancePath.replaceAll('/', '.')}`;
    const missing = (v.params as { missingProperty?: string }).missingProperty;
    return missing ? `${where}.${missing} is required` : `${field} ${v.message ?? 'is invalid'}`;
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
      if (isUnavailable(error)) {
        request.log.warn({ err: error, url: request.url }, 'database unavailable');
        app.metrics.errors.inc({ where: 'database' });
        return reply.code(503).header('retry-after', '2').send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'the database is unavailable; retry shortly',
        });
      }
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

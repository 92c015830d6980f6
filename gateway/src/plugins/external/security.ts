/**
 * Security on by default: headers (helmet, with a CSP for the pages), signed cookies, and a per-IP rate limit
 * (tighter on sign-in and image resizing, absent on health probes; a page render's API calls count for the
 * visitor it renders for, in a bucket of their own).
 *
 * Helmet is built once here and applied to the raw response: @fastify/helmet calls `helmet(options)` on every
 * request, which re-parses the whole CSP each time (a fifth of the CPU of a cached API answer). Setting the
 * headers on the raw response keeps them on hijacked replies too (the web handler's pages).
 */
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { renderedFor, runAsClient } from './ssr-calls.ts';

const PROBES = new Set(['/health', '/ready', '/metrics']);

export default fp(
  async (app) => {
    const { config } = app;
    const connect = ["'self'", 'ws:', 'wss:'];
    if (config.rpcOrigin) connect.push(config.rpcOrigin, config.rpcOrigin.replace(/^http/, 'ws'));
    const headers = helmet({
      // Vite's dev server injects scripts and a websocket; production pages get the strict policy
      contentSecurityPolicy:
        config.webMode === 'development'
          ? false
          : {
              directives: {
                defaultSrc: ["'self'"],
                scriptSrc: ["'self'", "'unsafe-inline'"],
                styleSrc: ["'self'", "'unsafe-inline'"],
                imgSrc: ["'self'", 'data:', 'blob:'],
                connectSrc: connect,
                fontSrc: ["'self'", 'data:'],
                objectSrc: ["'none'"],
                frameAncestors: ["'none'"],
                baseUri: ["'self'"],
              },
            },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) =>
      headers(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
    );
    // page renders' API calls are told apart from the visitor's own (see ssr-calls.ts)
    app.addHook('onRequest', (request, _reply, done) =>
      runAsClient(renderedFor(request.headers) ?? request.ip, request.socket.localPort, done),
    );
    await app.register(cookie, { secret: config.sessionSecret });
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      allowList: (request) => PROBES.has(request.url.split('?')[0] ?? ''),
      // a render's calls count for the visitor it renders for, in a bucket of their own
      keyGenerator: (request) => {
        const visitor = renderedFor(request.headers);
        return visitor === null ? request.ip : `render:${visitor}`;
      },
    });
  },
  { name: 'security', dependencies: ['infra'] },
);

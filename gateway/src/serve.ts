/**
 * Serving the gateway: build a Fastify instance around the app plugin (server timeouts, logging, proxy trust),
 * listen, and close gracefully. `startGateway` takes the environment its process parsed once (src/run.ts) and
 * the options that override it; tests use it with options alone, or `buildGateway` and `app.inject`.
 */
import { randomBytes } from 'node:crypto';
import { readDeployment } from '@skald/chain/deployment';
import { nodeUrls } from '@skald/env';
import type { WebApp } from '@skald/wire/web-handler';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import fp from 'fastify-plugin';
import app from './app.ts';
import { configFromEnv, type GatewayConfig } from './config.ts';
import { type GatewayEnv, parseGatewayEnv } from './env.ts';

/** What overrides the environment; every field is optional when `env` is given. */
export type StartGatewayOptions = {
  /**
   * The environment, parsed once by the process that runs the gateway (src/run.ts). Unset (tests, harnesses):
   * parsed here from process.env with the options below in it.
   */
  env?: GatewayEnv;
  port?: number;
  databaseUrl?: string;
  viewsSchema?: string;
  redisUrl?: string;
  deploymentPath?: string;
  /** defaults to INDEXER_URL or http://127.0.0.1:42069 */
  indexerUrl?: string;
  host?: string;
  /** the web app to serve pages from (the gateway never loads it itself); unset: pages answer 503 */
  web?: WebApp;
  /** anything else the app reads, for tests */
  config?: Partial<GatewayConfig>;
  logLevel?: string;
};

export type RunningGateway = { url: string; app: FastifyInstance; stop(): Promise<void> };

/**
 * Chain id and RPC origin from the deployment file, when there is one (sign-in and CSP use them), and where the
 * live fast lane hears the node: the websocket twin of a loopback RPC, or polling at the block time.
 */
function chainFacts(
  env: GatewayEnv,
  path?: string,
): Pick<GatewayConfig, 'chainId' | 'rpcOrigin' | 'rpcUrl' | 'fastLane'> {
  try {
    const deployment = readDeployment(path);
    const { rpcUrl, wsUrl } = nodeUrls(env, deployment.rpcUrl);
    return {
      chainId: deployment.chainId,
      rpcOrigin: new URL(deployment.rpcUrl).origin,
      rpcUrl,
      fastLane: env.SKALD_FAST_LANE
        ? {
            rpcUrl,
            wsUrl,
            contracts: deployment.contracts,
            pollMs: env.SKALD_BLOCK_TIME_MS,
            confirmAfterBlocks: env.SKALD_LIVE_CONFIRM_BLOCKS,
          }
        : undefined,
    };
  } catch {
    return {};
  }
}

export function resolveConfig(
  env: GatewayEnv,
  options: Partial<StartGatewayOptions>,
  log: (line: string) => void,
) {
  let secret = options.config?.sessionSecret ?? env.SESSION_SECRET;
  if (!secret) {
    secret = randomBytes(32).toString('hex');
    log(
      'SESSION_SECRET unset: sessions last until this process stops (set it to share sessions across processes)',
    );
  }
  const config = configFromEnv(env, {
    sessionSecret: secret,
    ...chainFacts(env, options.deploymentPath ?? env.SKALD_DEPLOYMENT),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.viewsSchema ? { viewsSchema: options.viewsSchema } : {}),
    ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    ...(options.indexerUrl ? { indexerUrls: [options.indexerUrl] } : {}),
    ...(options.web ? { web: options.web } : {}),
    ...options.config,
  });
  return config;
}

export async function buildGateway(config: GatewayConfig, logLevel = 'info'): Promise<FastifyInstance> {
  const fastify = Fastify({
    logger: { level: logLevel },
    // one line per request only at LOG_LEVEL=debug (the onResponse hook below); at info the log keeps to
    // what a person needs: where it listens, warnings and errors
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // bounded work per request: slow clients cannot hold sockets forever
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 65_000,
    bodyLimit: 64 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // the app loads as one plugin (connections, GraphQL schema, the SSR bundle): on a machine busy with other
    // work that has taken more than avvio's default 10 s, and a gateway that gives up booting then is worse than
    // one that boots slowly
    pluginTimeout: 60_000,
  });
  fastify.addHook('onResponse', async (request, reply) => {
    if (fastify.log.level !== 'debug' && fastify.log.level !== 'trace') return;
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  // fp: the app's decorators (live, repos, metrics) stay reachable from the instance tests and boot hold
  await fastify.register(fp(app), { config });
  return fastify;
}

export async function startGateway(options: StartGatewayOptions): Promise<RunningGateway> {
  const env =
    options.env ??
    parseGatewayEnv({
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      SKALD_VIEWS_SCHEMA: options.viewsSchema,
      PORT: options.port === undefined ? undefined : String(options.port),
    });
  const config = resolveConfig(env, options, (line) => console.warn(`[gateway] ${line}`));
  const fastify = await buildGateway(config, options.logLevel ?? env.LOG_LEVEL);
  const host = options.host ?? env.HOST;
  const wanted = options.port ?? env.PORT;
  await fastify.listen({ port: wanted, host });
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : wanted;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  let stopped: Promise<void> | undefined;
  return {
    url: `http://${shown}:${port}`,
    app: fastify,
    stop: () => {
      stopped ??= fastify.close();
      return stopped;
    },
  };
}

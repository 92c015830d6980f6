/**
 * The gateway as a process: configured by environment variables (see README), stopped by SIGINT or SIGTERM.
 * `src/server.ts` runs it alone (API only); `scripts/gateway.ts` at the root runs it with the web app mounted.
 */
import { EnvError } from '@skald/env';
import type { WebApp } from '@skald/wire/web-handler';
import { parseGatewayEnv } from './env.ts';
import { startGateway } from './start.ts';

export async function runGateway(options: { web?: WebApp } = {}): Promise<void> {
  try {
    const env = parseGatewayEnv();
    const gateway = await startGateway({
      port: env.PORT,
      host: env.HOST,
      databaseUrl: env.DATABASE_URL,
      viewsSchema: env.SKALD_VIEWS_SCHEMA,
      redisUrl: env.REDIS_URL,
      deploymentPath: env.SKALD_DEPLOYMENT,
      web: options.web,
    });
    const stop = () => {
      gateway.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  }
}

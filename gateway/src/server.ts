/** `npm start -w @skald/gateway`: the gateway alone, configured by environment variables (see README). */
import { EnvError } from '@skald/env';
import { parseGatewayEnv } from './env.ts';
import { startGateway } from './start.ts';

try {
  const env = parseGatewayEnv();
  const gateway = await startGateway({
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    viewsSchema: env.SKALD_VIEWS_SCHEMA,
    redisUrl: env.REDIS_URL,
    deploymentPath: env.SKALD_DEPLOYMENT,
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

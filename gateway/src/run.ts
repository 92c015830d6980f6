/**
 * The gateway as a process: its environment parsed once here (see README) and handed to `startGateway`, stopped
 * by SIGINT or SIGTERM. `src/server.ts` runs it alone (API only); `scripts/gateway.ts` at the root runs it with
 * the web app mounted.
 */
import { EnvError } from '@skald/env';
import type { WebApp } from '@skald/wire/web-handler';
import { parseGatewayEnv } from './env.ts';
import { startGateway } from './serve.ts';

export async function runGateway(options: { web?: WebApp } = {}): Promise<void> {
  try {
    const gateway = await startGateway({ env: parseGatewayEnv(), web: options.web });
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

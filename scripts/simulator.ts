/**
 * The world simulator as its own process, so the stack supervisor can restart it when it dies. Reads the
 * deployment file; SIM_BOTS (12), SIM_RATE (moves per second, 4), SIM_BAD_SHARE (0.03). Its admin grants come from
 * an account of its own that the deployer makes an admin (simulatorAdmin), not from the deployer.
 */

import { readDeployment } from '@skald/chain/deployment';
import { runSimulator, simulatorAdmin } from '@skald/chain/simulator';
import { parseEnv } from '@skald/env';
import type { z } from 'zod';
import { simulatorEnvSchema } from './lib/env.ts';

let env: z.output<typeof simulatorEnvSchema>;
try {
  env = parseEnv('simulator', simulatorEnvSchema, process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const deployment = readDeployment(env.SKALD_DEPLOYMENT);
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());
await runSimulator({
  rpcUrl: deployment.rpcUrl,
  deployment,
  // its own admin account: the audit tells the bots' grants from a person's ("by others")
  admin: await simulatorAdmin(deployment.rpcUrl, deployment),
  bots: env.SIM_BOTS,
  actionsPerSecond: env.SIM_RATE,
  badMoveShare: env.SIM_BAD_SHARE,
  signal: controller.signal,
  reportEveryMs: 30_000,
  log: (line) => console.log(line),
});
process.exit(0);

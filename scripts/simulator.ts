/**
 * The world simulator as its own process, so the stack supervisor can restart it when it dies. Reads the
 * deployment file; SIM_BOTS (12), SIM_RATE (moves per second, 4), SIM_BAD_SHARE (0.03).
 */
import { readDeployment } from '../chain/src/deployment.ts';
import { runSimulator } from '../chain/src/simulator/index.ts';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name} must be a non-negative number, got '${process.env[name]}'`);
    process.exit(1);
  }
  return value;
};

const deployment = readDeployment(process.env.SKALD_DEPLOYMENT || undefined);
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());
await runSimulator({
  rpcUrl: deployment.rpcUrl,
  deployment,
  bots: number('SIM_BOTS', 12),
  actionsPerSecond: number('SIM_RATE', 4),
  badMoveShare: number('SIM_BAD_SHARE', 0.03),
  signal: controller.signal,
  reportEveryMs: 30_000,
  log: (line) => console.log(line),
});
process.exit(0);

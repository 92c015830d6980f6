/**
 * Runs the world simulator against the deployment in the deployment file.
 *   npm run simulate -w @skald/chain -- [--bots 12] [--rate 5] [--actions 500] [--bad 0.05] [--seed 1]
 */
import { parseArgs } from 'node:util';
import { readDeployment } from '../src/deployment.ts';
import { runSimulator } from '../src/simulator/index.ts';

const { values } = parseArgs({
  options: {
    bots: { type: 'string', default: '12' },
    rate: { type: 'string', default: '5' },
    actions: { type: 'string' },
    bad: { type: 'string', default: '0.05' },
    seed: { type: 'string' },
    rpc: { type: 'string' },
  },
});
const deployment = readDeployment();
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());
const stats = await runSimulator({
  rpcUrl: values.rpc ?? deployment.rpcUrl,
  deployment,
  bots: Number(values.bots),
  actionsPerSecond: Number(values.rate),
  maxActions: values.actions ? Number(values.actions) : undefined,
  badMoveShare: Number(values.bad),
  seed: values.seed ? Number(values.seed) : undefined,
  signal: controller.signal,
  log: console.log,
});
console.log(JSON.stringify(stats, null, 2));
process.exit(stats.badMovesMismatched > 0 ? 1 : 0);

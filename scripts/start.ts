/**
 * `npm start`: the whole Skald stack on this machine, in order: a local chain (anvil, chain id 5611), the game
 * deployed to it, and the world simulator playing on it. Ctrl-C stops everything.
 *
 * Environment (all optional): ANVIL_PORT (8545), ANVIL_BLOCK_TIME (seconds; unset = a block per transaction),
 * SIM_BOTS (12), SIM_RATE (moves per second, 4), SIM_BAD_SHARE (0.03), SIM=off to skip the simulator.
 */
import { startAnvil } from '../chain/src/anvil.ts';
import { deployGame } from '../chain/src/deploy.ts';
import { writeDeployment } from '../chain/src/deployment.ts';
import { runSimulator } from '../chain/src/simulator/index.ts';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC } from '../chain/src/anvil.ts';

type Stoppable = { name: string; stop(): Promise<void> };
const running: Stoppable[] = [];
const say = (line: string) => console.log(`[skald] ${line}`);

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name} must be a non-negative number, got '${raw}'`);
    process.exit(1);
  }
  return value;
}

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('stopping…');
    for (const part of running.reverse()) {
      await part.stop().catch((error) => console.error(`stopping ${part.name}: ${error}`));
    }
  }
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

try {
  const anvil = await startAnvil({
    port: numberEnv('ANVIL_PORT', 8545),
    blockTime: numberEnv('ANVIL_BLOCK_TIME', 0) || undefined,
  });
  running.push({ name: 'anvil', stop: anvil.stop });
  say(`chain 5611 (anvil) at ${anvil.rpcUrl} and ${anvil.wsUrl}`);

  const deployment = await deployGame({
    rpcUrl: anvil.rpcUrl,
    account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }),
    // short bank locks so bots unlock within a session: 1, 3 and 10 minutes
    lockDurations: [60, 180, 600],
  });
  const path = writeDeployment(deployment);
  say(`game deployed from block ${deployment.startBlock}; deployment file ${path}`);
  for (const [name, address] of Object.entries(deployment.contracts)) say(`  ${name.padEnd(10)} ${address}`);

  if (process.env.SIM !== 'off') {
    const controller = new AbortController();
    const simulation = runSimulator({
      rpcUrl: anvil.rpcUrl,
      deployment,
      bots: numberEnv('SIM_BOTS', 12),
      actionsPerSecond: numberEnv('SIM_RATE', 4),
      badMoveShare: numberEnv('SIM_BAD_SHARE', 0.03),
      signal: controller.signal,
      log: (line) => say(line),
    });
    running.push({
      name: 'simulator',
      stop: async () => {
        controller.abort();
        await simulation;
      },
    });
    say('world simulator running; Ctrl-C stops everything');
  }
} catch (error) {
  console.error(`[skald] start failed: ${error instanceof Error ? error.message : error}`);
  await shutdown(1);
}

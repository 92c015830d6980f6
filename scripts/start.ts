/**
 * `npm start`: the whole Skald stack on this machine, in order: a local chain (anvil, chain id 5611), the game
 * deployed to it, Postgres (embedded unless DATABASE_URL is set), the indexer, the gateway serving the web app
 * and its API on one origin, and the world simulator playing. Ctrl-C stops everything, in reverse order.
 *
 * Environment (all optional): ANVIL_PORT (8545), ANVIL_BLOCK_TIME (seconds; unset = a block per transaction),
 * DATABASE_URL (embedded Postgres when unset), PORT (3000), INDEXER_PORT (42069), REDIS_URL,
 * SIM_BOTS (12), SIM_RATE (moves per second, 4), SIM_BAD_SHARE (0.03), SIM=off to skip the simulator.
 */

import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC, startAnvil } from '../chain/src/anvil.ts';
import { deployGame } from '../chain/src/deploy.ts';
import { writeDeployment } from '../chain/src/deployment.ts';
import { runSimulator } from '../chain/src/simulator/index.ts';
import { startEmbeddedPostgres } from '../db/src/embedded.ts';
import { startGateway } from '../gateway/src/start.ts';
import { startIndexer } from '../indexer/start.ts';

const VIEWS_SCHEMA = 'skald';

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

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const pg = await startEmbeddedPostgres({ log: say });
    running.push({ name: 'postgres', stop: pg.stop });
    databaseUrl = pg.databaseUrl;
  }
  say(`postgres at ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}`);

  const indexer = await startIndexer({
    databaseUrl,
    deploymentPath: path,
    viewsSchema: VIEWS_SCHEMA,
    port: numberEnv('INDEXER_PORT', 42069),
    log: (line) => console.log(`[indexer] ${line}`),
  });
  running.push({ name: 'indexer', stop: indexer.stop });
  say(
    `indexer writing schema ${indexer.schema}, readers use views schema ${VIEWS_SCHEMA}; status at ${indexer.url}/status`,
  );
  // readers need the views, which Ponder publishes once its backfill is done
  await indexer.ready(5 * 60_000);
  say('indexer caught up');

  const gateway = await startGateway({
    port: numberEnv('PORT', 3000),
    databaseUrl,
    viewsSchema: VIEWS_SCHEMA,
    redisUrl: process.env.REDIS_URL || undefined,
    deploymentPath: path,
    indexerUrl: indexer.url,
  });
  running.push({ name: 'gateway', stop: gateway.stop });
  say(`Skald is at ${gateway.url}  (API ${gateway.url}/api, GraphQL ${gateway.url}/graphql)`);

  if (process.env.SIM !== 'off') {
    const controller = new AbortController();
    const simulation = runSimulator({
      rpcUrl: anvil.rpcUrl,
      deployment,
      bots: numberEnv('SIM_BOTS', 12),
      actionsPerSecond: numberEnv('SIM_RATE', 4),
      badMoveShare: numberEnv('SIM_BAD_SHARE', 0.03),
      signal: controller.signal,
      reportEveryMs: 30_000,
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

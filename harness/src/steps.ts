/**
 * The one stack harness: a named step per part, each living in the package that owns it and gathered here for
 * the browser tests, the benchmarks and the stack test (`npm start`'s own supervisor test).
 *
 *   chain, deploy   startChain (anvil + the game deployed + its deployment file), playWorld, chainLogs
 *   database        createTestDatabase (on SKALD_TEST_DATABASE_URL; dropped when done)
 *   indexer         startTestIndexer, openReader, waitForIndexed, indexedBlock; startIndexing below
 *   gateway         startGatewayFor below
 *   browser         launchBrowser, openPage (`@skald/harness/browser`)
 *
 * Package tests below this one (indexer, gateway) import the same steps from their owners' `/testing` subpaths.
 */
import { randomBytes } from 'node:crypto';
import { freePort } from '@skald/chain';
import type { TestChain } from '@skald/chain/local';
import type { TestDatabase } from '@skald/db/testing';
import { parseGatewayEnv, type RunningGateway, startGateway } from '@skald/gateway';
import { type RunningIndexer, startIndexer } from '@skald/indexer';
import { createWebApp } from '@skald/web/server';
import type { Game } from './game.ts';

export { freePort } from '@skald/chain';
export { chainLogs, playWorld, startChain, type TestChain } from '@skald/chain/local';
export { createTestDatabase, type TestDatabase, testAdminUrl } from '@skald/db/testing';
export {
  indexedBlock,
  machineCpuMs,
  metricsReport,
  openReader,
  peakRssMb,
  processCpuMs,
  scrapeMetrics,
  startTestIndexer,
  sumBy,
  threadCpuMs,
  waitForIndexed,
} from '@skald/indexer/testing';

/** The indexer for a browser test: its own deployment and views schemas, caught up and following new heads. */
/** An RPC endpoint other than anvil itself (a conditions proxy): its URLs and the indexer's settings for it */
export type StackNode = {
  rpcUrl: string;
  /** undefined: HTTP only (the indexer and the fast lane poll) */
  wsUrl: string | undefined;
  indexerEnv: Record<string, string>;
  /** the fast lane's polling interval without a websocket, ms */
  pollMs: number;
};

export async function startIndexing(
  chain: TestChain,
  database: TestDatabase,
  runId: string,
  /** the node as the indexer sees it: anvil by default, or an RPC conditions proxy in front of it */
  node?: StackNode,
): Promise<RunningIndexer> {
  const { anvil } = chain;
  const indexer = await startIndexer({
    databaseUrl: database.databaseUrl,
    deploymentPath: chain.deploymentPath,
    rpcUrl: node?.rpcUrl ?? anvil.rpcUrl,
    wsUrl: node ? node.wsUrl : anvil.wsUrl,
    schema: `e2e_${runId}`,
    viewsSchema: `e2e_views_${runId}`,
    port: await freePort(),
    env: { PONDER_LOG_LEVEL: 'warn', ...node?.indexerEnv },
  });
  await indexer.ready(120_000);
  // Ponder's live sync starts at the head it saw and only walks back once a new block arrives: mine one
  await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
  });
  return indexer;
}

/** The gateway serving the production web build, /api and /socket.io on one origin. */
export async function startGatewayFor(
  game: Game,
  indexer: RunningIndexer,
  database: TestDatabase,
  /** a port of its own by default; a restart passes the one its predecessor had */
  port?: number,
  /** signs sessions: a restart passes its predecessor's, so signed-in pages stay signed in (as `npm start`) */
  sessionSecret = randomBytes(32).toString('hex'),
  /** the node the fast lane and health read, when not anvil itself */
  node?: StackNode,
): Promise<RunningGateway> {
  port ??= await freePort();
  return startGateway({
    // the node as `npm start --rpc-profile` gives it: SKALD_RPC_URL, its websocket where it has one (without, the
    // loopback twin is refused and the fast lane polls at SKALD_BLOCK_TIME_MS)
    ...(node
      ? {
          env: parseGatewayEnv({
            ...process.env,
            DATABASE_URL: database.databaseUrl,
            SKALD_RPC_URL: node.rpcUrl,
            ...(node.wsUrl ? { SKALD_WS_URL: node.wsUrl } : {}),
            SKALD_BLOCK_TIME_MS: String(node.pollMs),
          }),
        }
      : {}),
    port,
    host: '127.0.0.1',
    databaseUrl: database.databaseUrl,
    viewsSchema: indexer.viewsSchema,
    deploymentPath: game.deploymentPath,
    indexerUrl: indexer.url,
    logLevel: 'warn',
    // the pages read this stack's deployment, not the process's SKALD_DEPLOYMENT
    web: createWebApp({ deploymentPath: game.deploymentPath }),
    // every page of a test comes from one address: the per-address limit (1,200 a minute) would refuse a long
    // test's chunk loads with 429 and leave a page unhydrated
    config: {
      webMode: 'production',
      publicOrigin: `http://127.0.0.1:${port}`,
      sessionSecret,
      rateLimitMax: 100_000,
    },
  });
}

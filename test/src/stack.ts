/**
 * Setup steps 3–4: the indexer (Ponder into the local Postgres, a schema of its own per run) and the gateway
 * serving the built web app, /api and /socket.io on one origin.
 */

import { type Anvil, freePort } from '@skald/chain';
import { type RunningGateway, startGateway } from '@skald/gateway';
import { type RunningIndexer, startIndexer } from '@skald/indexer';
import { webApp } from '@skald/web/server';
import type { Game } from './chain.ts';

export const DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function startIndexing(anvil: Anvil, game: Game, runId: string): Promise<RunningIndexer> {
  const indexer = await startIndexer({
    databaseUrl: DATABASE_URL,
    deploymentPath: game.deploymentPath,
    rpcUrl: anvil.rpcUrl,
    wsUrl: anvil.wsUrl,
    schema: `e2e_${runId}`,
    viewsSchema: `e2e_views_${runId}`,
    port: await freePort(),
    env: { PONDER_LOG_LEVEL: 'warn' },
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

export async function startGatewayFor(game: Game, indexer: RunningIndexer): Promise<RunningGateway> {
  const port = await freePort();
  // the page handler reads the deployment through chain's readDeployment (SKALD_DEPLOYMENT)
  process.env.SKALD_DEPLOYMENT = game.deploymentPath;
  return startGateway({
    port,
    host: '127.0.0.1',
    databaseUrl: DATABASE_URL,
    viewsSchema: indexer.viewsSchema,
    deploymentPath: game.deploymentPath,
    indexerUrl: indexer.url,
    logLevel: 'warn',
    web: webApp,
    config: { webMode: 'production', publicOrigin: `http://127.0.0.1:${port}` },
  });
}

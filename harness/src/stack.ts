/**
 * One whole stack (the harness's steps: chain, deploy, database, indexer, gateway serving the production web
 * build) for a test file or a benchmark. No browser here: `@skald/harness/browser` adds Chromium on top.
 */
import { randomBytes } from 'node:crypto';
import type { Anvil } from '@skald/chain';
import {
  indexerEnv,
  type RpcConditionsProxy,
  type RpcProfileName,
  rpcProfile,
  startRpcConditionsProxy,
} from '@skald/chain/rpc-conditions';
import type { RunningGateway } from '@skald/gateway';
import type { RunningIndexer } from '@skald/indexer';
import { type Game, gameOn } from './game.ts';
import { createTestDatabase, type StackNode, startChain, startGatewayFor, startIndexing } from './steps.ts';

export type Stack = {
  anvil: Anvil;
  game: Game;
  indexer: RunningIndexer;
  gateway: RunningGateway;
  /** the RPC conditions proxy the indexer and the gateway read the chain through (`rpcProfile`), if any */
  proxy?: RpcConditionsProxy;
  /** stops the gateway (its sockets close) and starts a new one on the same port, as a deploy would */
  restartGateway(downMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts the stack; `seed` runs after the deploy and before indexing starts (players, grants). `rpcProfile` puts
 * an RPC conditions proxy with that profile between anvil and the indexer and gateway, with the settings
 * `npm start --rpc-profile` gives them (the test's own calls and the wallet still go to anvil).
 */
export async function startStack(
  seed: (game: Game) => Promise<void> = async () => {},
  options: { rpcProfile?: RpcProfileName } = {},
): Promise<Stack> {
  const chain = await startChain();
  const { anvil } = chain;
  const game = gameOn(chain);
  await seed(game);
  const profile = options.rpcProfile ? rpcProfile(options.rpcProfile) : undefined;
  const proxy = profile ? await startRpcConditionsProxy({ upstream: anvil.rpcUrl, profile }) : undefined;
  const node: StackNode | undefined =
    proxy && profile
      ? {
          rpcUrl: proxy.url,
          wsUrl: proxy.wsUrl,
          indexerEnv: { SKALD_RPC_PROFILE: profile.name, ...indexerEnv(profile) },
          pollMs: profile.indexer?.pollingMs ?? 250,
        }
      : undefined;
  const database = await createTestDatabase('skald_e2e');
  const indexer = await startIndexing(chain, database, `${Date.now().toString(36)}${process.pid}`, node);
  const sessionSecret = randomBytes(32).toString('hex');
  const gateway = await startGatewayFor(game, indexer, database, undefined, sessionSecret, node);
  const stack: Stack = {
    anvil,
    game,
    indexer,
    gateway,
    proxy,
    async restartGateway(downMs = 0) {
      const port = Number(new URL(stack.gateway.url).port);
      await stack.gateway.stop();
      await new Promise((r) => setTimeout(r, downMs));
      stack.gateway = await startGatewayFor(game, indexer, database, port, sessionSecret, node);
    },
    async stop() {
      await stack.gateway.stop();
      await indexer.stop();
      await proxy?.stop();
      await chain.stop();
      await database.drop();
    },
  };
  return stack;
}

/**
 * One whole stack (the harness's steps: chain, deploy, database, indexer, gateway serving the production web
 * build) for a test file or a benchmark. No browser here: `@skald/harness/browser` adds Chromium on top.
 */
import { randomBytes } from 'node:crypto';
import type { Anvil } from '@skald/chain';
import type { RunningGateway } from '@skald/gateway';
import type { RunningIndexer } from '@skald/indexer';
import { type Game, gameOn } from './game.ts';
import { createTestDatabase, startChain, startGatewayFor, startIndexing } from './steps.ts';

export type Stack = {
  anvil: Anvil;
  game: Game;
  indexer: RunningIndexer;
  gateway: RunningGateway;
  /** stops the gateway (its sockets close) and starts a new one on the same port, as a deploy would */
  restartGateway(downMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/** Starts the stack; `seed` runs after the deploy and before indexing starts (players, grants). */
export async function startStack(seed: (game: Game) => Promise<void> = async () => {}): Promise<Stack> {
  const chain = await startChain();
  const { anvil } = chain;
  const game = gameOn(chain);
  await seed(game);
  const database = await createTestDatabase('skald_e2e');
  const indexer = await startIndexing(chain, database, `${Date.now().toString(36)}${process.pid}`);
  const sessionSecret = randomBytes(32).toString('hex');
  const gateway = await startGatewayFor(game, indexer, database, undefined, sessionSecret);
  const stack: Stack = {
    anvil,
    game,
    indexer,
    gateway,
    async restartGateway(downMs = 0) {
      const port = Number(new URL(stack.gateway.url).port);
      await stack.gateway.stop();
      await new Promise((r) => setTimeout(r, downMs));
      stack.gateway = await startGatewayFor(game, indexer, database, port, sessionSecret);
    },
    async stop() {
      await stack.gateway.stop();
      await indexer.stop();
      await chain.stop();
      await database.drop();
    },
  };
  return stack;
}

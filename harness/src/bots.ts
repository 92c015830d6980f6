/**
 * The world simulator's bots on a test stack's chain, as `npm start` runs them: a few bots playing at a modest
 * rate (no deliberately bad moves), stopped by the test. Signs admin grants with anvil's first account, so a test
 * should not send that account's transactions while bots run.
 */
import { runSimulator, type SimulatorStats } from '@skald/chain/simulator';
import type { Stack } from './stack.ts';

export type RunningBots = { lines: string[]; stop(): Promise<SimulatorStats> };

export function startBots(
  stack: Stack,
  options: { bots?: number; actionsPerSecond?: number; seed?: number } = {},
) {
  const abort = new AbortController();
  const lines: string[] = [];
  const running = runSimulator({
    rpcUrl: stack.anvil.rpcUrl,
    deployment: stack.game.deployment,
    bots: options.bots ?? 4,
    actionsPerSecond: options.actionsPerSecond ?? 3,
    badMoveShare: 0,
    seed: options.seed ?? 26,
    signal: abort.signal,
    log: (line) => lines.push(line),
  });
  return {
    lines,
    stop: () => {
      abort.abort();
      return running;
    },
  } satisfies RunningBots;
}

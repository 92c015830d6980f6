/**
 * The web benchmarks' world: the same stack the browser tests use (anvil, deploy, indexer, gateway serving the
 * production build, Chromium), with one player. Build first: npm run build -w @skald/chain && -w @skald/web.
 */
import { createPlayer } from '@skald/harness';
import { type BrowserStack, startBrowserStack } from '@skald/harness/browser';

export async function webStack(
  options?: Parameters<typeof startBrowserStack>[1],
): Promise<{ stack: BrowserStack; playerId: bigint }> {
  let playerId = 0n;
  const stack = await startBrowserStack(async (game) => {
    await createPlayer(game, 0, 'Odin');
    playerId = BigInt(await createPlayer(game, 1, 'Astrid'));
  }, options);
  return { stack, playerId };
}

/** The whole stack plus Chromium: watched pages, with the test wallet of an anvil account when asked. */
import type { Browser } from 'playwright-core';
import { account, type Game } from '../game.ts';
import { type Stack, startStack } from '../stack.ts';
import { launchBrowser, openPage, type WatchedPage } from './browser.ts';
import { injectWallet, type WalletNetwork } from './wallet.ts';

export type BrowserStack = Stack & {
  browser: Browser;
  /** a watched page (console errors recorded), with the test wallet of anvil account `wallet` when given */
  page(options?: {
    wallet?: number;
    viewport?: { width: number; height: number };
    network?: WalletNetwork;
  }): Promise<WatchedPage>;
};

/** Starts the stack (`seed` runs after the deploy and before indexing starts), then Chromium. */
export async function startBrowserStack(
  seed?: (game: Game) => Promise<void>,
  options?: Parameters<typeof startStack>[1],
): Promise<BrowserStack> {
  const stack = await startStack(seed, options);
  const browser = await launchBrowser().catch(async (error) => {
    await stack.stop();
    throw error;
  });
  const stopStack = stack.stop;
  return Object.assign(stack, {
    browser,
    page: (options: Parameters<BrowserStack['page']>[0] = {}) =>
      openPage(browser, {
        viewport: options.viewport,
        prepare:
          options.wallet === undefined
            ? undefined
            : (p) =>
                injectWallet(p, {
                  account: account(options.wallet as number),
                  rpcUrl: stack.anvil.rpcUrl,
                  network: options.network,
                }),
      }),
    async stop() {
      await browser.close();
      await stopStack();
    },
  });
}

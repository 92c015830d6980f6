/**
 * One whole stack per test file (the harness's steps: chain, deploy, database, indexer, gateway, browser) and the page actions every
 * browser test repeats (open a watched page with a wallet, wait for hydration, connect, sign in, poll).
 */

import { randomBytes } from 'node:crypto';
import { type Anvil, anvilRpc } from '@skald/chain';
import type { RunningGateway } from '@skald/gateway';
import type { RunningIndexer } from '@skald/indexer';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, type WatchedPage } from './browser.ts';
import { account, type Game, gameOn } from './chain.ts';
import { createTestDatabase, startChain, startGatewayFor, startIndexing } from './steps.ts';
import { injectWallet, type WalletNetwork } from './wallet.ts';

export type Stack = {
  anvil: Anvil;
  game: Game;
  indexer: RunningIndexer;
  gateway: RunningGateway;
  browser: Browser;
  /** a watched page (console errors recorded), with the test wallet of anvil account `wallet` when given */
  page(options?: {
    wallet?: number;
    viewport?: { width: number; height: number };
    network?: WalletNetwork;
  }): Promise<WatchedPage>;
  /** stops the gateway (its sockets close) and starts a new one on the same port, as a deploy would */
  restartGateway(downMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/** Starts the stack; `seed` runs after the deploy and before indexing starts (players, grants). */
export async function startStack(seed: (game: Game) => Promise<void>): Promise<Stack> {
  const chain = await startChain();
  const { anvil } = chain;
  const game = gameOn(chain);
  await seed(game);
  const database = await createTestDatabase('skald_e2e');
  const indexer = await startIndexing(chain, database, `${Date.now().toString(36)}${process.pid}`);
  const sessionSecret = randomBytes(32).toString('hex');
  const gateway = await startGatewayFor(game, indexer, database, undefined, sessionSecret);
  const browser = await launchBrowser();
  const stack: Stack = {
    anvil,
    game,
    indexer,
    gateway,
    browser,
    async restartGateway(downMs = 0) {
      const port = Number(new URL(stack.gateway.url).port);
      await stack.gateway.stop();
      await new Promise((r) => setTimeout(r, downMs));
      stack.gateway = await startGatewayFor(game, indexer, database, port, sessionSecret);
    },
    page: (options = {}) =>
      openPage(browser, {
        viewport: options.viewport,
        prepare:
          options.wallet === undefined
            ? undefined
            : (p) =>
                injectWallet(p, {
                  account: account(options.wallet as number),
                  rpcUrl: anvil.rpcUrl,
                  network: options.network,
                }),
      }),
    async stop() {
      await browser.close();
      await stack.gateway.stop();
      await indexer.stop();
      await chain.stop();
      await database.drop();
    },
  };
  return stack;
}

/** Polls `probe` until it returns something other than undefined (errors count as "not yet"). */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? ` (last: ${last})` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Hydrated: the client entry has run (it installs the live-stream hook last). */
export async function hydrated(p: Page, consoleErrors?: string[]) {
  try {
    await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
      timeout: 20_000,
    });
  } catch (error) {
    // say why: a page that never hydrates has almost always logged the reason
    throw new Error(`${p.url()} did not hydrate; console errors: ${JSON.stringify(consoleErrors ?? [])}`, {
      cause: error,
    });
  }
}

export async function connect(p: Page) {
  await hydrated(p);
  await p.getByRole('banner').getByRole('button', { name: 'Connect' }).click();
}

/** Connects on /login, signs the SIWE message and lands on `next`. */
export async function signIn(p: Page, origin: string, next: string) {
  await p.goto(`${origin}/login?next=${encodeURIComponent(next)}`);
  await connect(p);
  await p.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL(`**${next}`);
  await hydrated(p);
}

/** The toast of a transaction labelled `label` reaching success (the transactor's "{label}: done"). */
export async function txSucceeded(p: Page, label: string) {
  await p
    .locator('[data-sonner-toast][data-type="success"]', { hasText: `${label}: done` })
    .waitFor({ timeout: 20_000 });
}

/** Anvil's test RPC: a raw JSON-RPC call (evm_mine, evm_increaseTime). */
export function rpc(anvil: Anvil, method: string, params: unknown[] = []): Promise<unknown> {
  return anvilRpc(anvil.rpcUrl, method, params);
}

/**
 * Records every state each toast passes through (loading, success, error) with its text, so a test can check
 * the sequence even when a state lasts only a few milliseconds. Call before the first navigation.
 */
export async function recordToasts(p: Page) {
  await p.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = log;
    const seen = new WeakMap<Element, string>();
    const scan = () => {
      for (const el of Array.from(document.querySelectorAll('[data-sonner-toast]'))) {
        const state = `${el.getAttribute('data-type')}:${el.textContent ?? ''}`;
        if (seen.get(el) !== state) {
          seen.set(el, state);
          log.push(state);
        }
      }
    };
    new MutationObserver(scan).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

export async function clearToastLog(p: Page) {
  await p.evaluate(() => {
    (window as unknown as { __toasts: string[] }).__toasts.length = 0;
  });
}

/** The states the toast for `label` went through, in order, de-duplicated (e.g. ['loading', 'success']). */
export async function toastStates(p: Page, label: string): Promise<string[]> {
  const log = await p.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
  const states = log
    .filter((entry) => entry.slice(entry.indexOf(':') + 1).startsWith(label))
    .map((entry) => entry.slice(0, entry.indexOf(':')));
  return states.filter((s, i) => s !== states[i - 1]);
}

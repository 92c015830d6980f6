/**
 * Benchmark: transaction receipt -> mint toast rendered in the browser (the app toasts the provisional event), over 100 mints, side by side with the
 * direct-chain path of the spec (a page on anvil's websocket that fetches and decodes the transaction itself).
 *
 * t0 is the moment the sender holds the receipt (anvil automines, so the first getTransactionReceipt after the
 * send returns it). t1 is when the toast's text enters the page's DOM, taken in the page by a MutationObserver on
 * the same wall clock (performance.timeOrigin + performance.now() in both Node and Chromium).
 *
 * BENCH_RPC_PROFILE (an RPC conditions profile, e.g. opbnb-public) puts the profile's proxy between anvil and
 * each side: the stack's indexer and gateway read through one (as `npm start --rpc-profile`), the direct page
 * through another of its own (a browser has its own budget at a public endpoint), over its websocket where the
 * profile has one and else polling at the profile's interval, as the fast lane does.
 *
 * Env: BENCH_MINTS (default 100), BENCH_RPC_PROFILE (default: none, anvil as it is).
 */

import { loadavg } from 'node:os';
import { rpcProfile, startRpcConditionsProxy } from '@skald/chain/rpc-conditions';
import { type Game, mined } from '@skald/harness';
import type { Page } from 'playwright-core';
import { serveDirectPage } from './web/direct-page.ts';
import { webStack } from './web/stack.ts';
import { ms, summary } from './web/stats.ts';

const MINTS = Number(process.env.BENCH_MINTS ?? 100);
const PROFILE = process.env.BENCH_RPC_PROFILE ? rpcProfile(process.env.BENCH_RPC_PROFILE) : undefined;
const WARMUP = 5;

const now = () => performance.timeOrigin + performance.now();

/** Records, per vera id, when text "minted Vera #id" first appears inside an element matching `selector`. */
async function watchMints(page: Page, selector: string) {
  // a string, not a function: tsx (esbuild keepNames) would wrap inner functions in a __name helper the page lacks
  await page.addInitScript(`(() => {
    const sel = ${JSON.stringify(selector)};
    const seen = {};
    window.__seen = seen;
    new MutationObserver(() => {
      const at = performance.timeOrigin + performance.now();
      for (const el of document.querySelectorAll(sel)) {
        const match = /minted Vera #(\\d+)/.exec(el.textContent || '');
        if (match && seen[match[1]] === undefined) seen[match[1]] = at;
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  })();`);
}

async function seenAt(page: Page, veraId: bigint): Promise<number | undefined> {
  return page.evaluate(
    (id) => (window as unknown as { __seen: Record<string, number> }).__seen[id],
    String(veraId),
  );
}

async function mint(game: Game, playerId: bigint): Promise<{ veraId: bigint; t0: number }> {
  const c = game.contracts(0);
  const hash = await c.veras.write.admin_grantVera([playerId, 1, 1, 2, 1, 1, false], { gas: 1_000_000n });
  for (;;) {
    const receipt = await game.publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
    if (receipt) {
      const t0 = now();
      if (receipt.status !== 'success') throw new Error(`mint ${hash} reverted`);
      return { veraId: await c.veras.read.totalMinted(), t0 };
    }
  }
}

async function main() {
  const { stack, playerId } = await webStack({ rpcProfile: PROFILE?.name });
  const direct = await serveDirectPage();
  const directNode = PROFILE
    ? await startRpcConditionsProxy({ upstream: stack.anvil.rpcUrl, profile: PROFILE })
    : undefined;
  try {
    const { game, gateway, anvil } = stack;
    const app = await stack.page();
    await watchMints(app.page, '[data-sonner-toaster][data-x-position="left"] [data-sonner-toast]');
    await app.page.goto(gateway.url);
    await app.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

    const chain = await stack.page();
    await watchMints(chain.page, '#toasts li');
    const endpoint: Record<string, string> = !directNode
      ? { ws: anvil.wsUrl }
      : directNode.wsUrl
        ? { ws: directNode.wsUrl }
        : { rpc: directNode.url, pollMs: String(PROFILE?.indexer?.pollingMs ?? 250) };
    const query = new URLSearchParams({
      ...endpoint,
      veras: game.deployment.contracts.Veras,
      characters: game.deployment.contracts.Characters,
    });
    await chain.page.goto(`${direct.url}/?${query}`);
    await chain.page.waitForFunction(() => (window as unknown as { __directReady?: boolean }).__directReady);
    await mined(game, game.contracts(0).inventory.write.admin_grantRunix([playerId, 1n])); // a block to settle
    await new Promise((r) => setTimeout(r, 1500)); // the live socket and the ws subscription are up

    const appMs: number[] = [];
    const directMs: number[] = [];
    let missed = 0;
    for (let i = 0; i < MINTS + WARMUP; i++) {
      const { veraId, t0 } = await mint(game, playerId);
      const deadline = Date.now() + 10_000;
      let a: number | undefined;
      let d: number | undefined;
      while ((a === undefined || d === undefined) && Date.now() < deadline) {
        a ??= await seenAt(app.page, veraId);
        d ??= await seenAt(chain.page, veraId);
        if (a === undefined || d === undefined) await new Promise((r) => setTimeout(r, 5));
      }
      if (a === undefined || d === undefined) {
        missed++;
        console.log(
          `vera #${veraId}: ${a === undefined ? 'app page missed it' : ''} ${d === undefined ? 'direct page missed it' : ''}`,
        );
        if (missed >= 3 && i < WARMUP + 3) throw new Error('the pages do not see mints: see the lines above');
      }
      if (i < WARMUP) continue;
      if (a !== undefined) appMs.push(a - t0);
      if (d !== undefined) directMs.push(d - t0);
    }
    if (chain.consoleErrors.length > 0) console.log('direct page console errors:', chain.consoleErrors);
    if (app.consoleErrors.length > 0) console.log('app page console errors:', app.consoleErrors);
    const row = (name: string, s: ReturnType<typeof summary>) =>
      `${name.padEnd(44)} n=${s.n}  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  mean ${ms(s.mean)}`;
    console.log(
      `\nreceipt -> mint toast in the DOM, ${MINTS} mints (after ${WARMUP} warm-up), ${missed} missed; ${
        PROFILE
          ? `RPC profile ${PROFILE.name} (${PROFILE.websocket ? 'websocket' : `HTTP only: both poll every ${PROFILE.indexer?.pollingMs ?? 250} ms`})`
          : 'anvil directly'
      }; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const [side, proxy] of [
      ['app (indexer + gateway)', stack.proxy],
      ['direct page', directNode],
    ] as const) {
      if (!proxy) continue;
      const c = proxy.counters();
      console.log(
        `${side} at the endpoint: ${c.calls} calls, ${c.http429} answered 429 (${c.rateLimited} calls)`,
      );
    }
    console.log(row('app (node -> gateway fast lane -> socket.io -> toast)', summary(appMs)));
    console.log(row('direct (node -> tx + reads -> element)', summary(directMs)));
  } finally {
    await direct.stop();
    await directNode?.stop();
    await stack.stop();
  }
}

await main();

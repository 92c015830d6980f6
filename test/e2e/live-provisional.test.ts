/**
 * Provisional live events in an open browser: a mint shows on /live (and as a toast) before the indexer commits
 * it, its row turns confirmed in place, and a realistic reorg (anvil_reorg with replacement transactions,
 * depth 1 to 3) removes the orphaned rows within a second with the reorganisation note.
 */
import { ANVIL_MNEMONIC, allSkaldAbis } from '@skald/chain';
import type { Page } from 'playwright-core';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, createPlayer, rpc, startBrowserStack } from '../src/index.ts';

let stack: BrowserStack;
let playerId: bigint;
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;

const grantVera = () =>
  encodeFunctionData({
    abi: allSkaldAbis as Abi,
    functionName: 'admin_grantVera',
    args: [playerId, 3, 2, 2, 2, 1, false],
  });
const grantRunix = (amount: bigint) =>
  encodeFunctionData({
    abi: allSkaldAbis as Abi,
    functionName: 'admin_grantRunix',
    args: [playerId, amount],
  });

const send = async (to: string, data: string) =>
  (await rpc(stack.anvil, 'eth_sendTransaction', [{ from: admin, to, data, gas: '0x2dc6c0' }])) as string;

/**
 * Records each /live mint row (keyed by cursor and vera id): whether it was ever provisional or confirmed, whether
 * it is on the page now, and when it first left it.
 */
async function watchRows(p: Page) {
  await p.addInitScript(`(() => {
    const rows = {};
    window.__rows = rows;
    new MutationObserver(() => {
      const at = performance.timeOrigin + performance.now();
      const present = new Set();
      for (const el of document.querySelectorAll('.live-row[data-type="mint"]')) {
        const m = /minted Vera #(\\d+)/.exec(el.textContent || '');
        if (!m) continue;
        const key = el.dataset.cursor + '|' + m[1];
        present.add(key);
        const r = rows[key] || (rows[key] = { id: m[1], provisional: false, confirmed: false, present: true, firstRemovedAt: null });
        if (el.dataset.provisional === 'true') r.provisional = true;
        else r.confirmed = true;
        r.present = true;
      }
      for (const [key, r] of Object.entries(rows)) {
        if (present.has(key) || !r.present) continue;
        r.present = false;
        if (r.firstRemovedAt === null) r.firstRemovedAt = at;
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  })();`);
}

type RowState = {
  id: string;
  provisional: boolean;
  confirmed: boolean;
  present: boolean;
  firstRemovedAt: number | null;
};
const rows = (p: Page) =>
  p.evaluate(() => (window as unknown as { __rows: Record<string, RowState> }).__rows);
/** The keys of the rows on the page now showing these vera ids. */
async function shown(p: Page, ids: string[]): Promise<string[] | undefined> {
  const all = await rows(p);
  const keys = Object.entries(all)
    .filter(([, r]) => r.present && ids.includes(r.id))
    .map(([k]) => k);
  return keys.length === ids.length ? keys : undefined;
}

beforeAll(async () => {
  stack = await startBrowserStack(async (game) => {
    await createPlayer(game, 0, 'Odin');
    playerId = BigInt(await createPlayer(game, 1, 'Astrid'));
  });
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

describe('provisional live events in the browser', () => {
  it('shows a mint provisionally, confirms it in place, and removes reorged mints within a second', async () => {
    const { page: p, consoleErrors } = await stack.page();
    await watchRows(p);
    await p.goto(`${stack.gateway.url}/live`);
    await p.locator('[data-live-status="live"]').waitFor();
    await p.waitForTimeout(500);
    const { Veras, Inventory } = stack.game.deployment.contracts;

    // provisional, then confirmed in place
    await send(Veras, grantVera());
    const first = String(await stack.game.contracts(0).veras.read.totalMinted());
    await expect
      .poll(async () => Object.values(await rows(p)).find((r) => r.id === first)?.confirmed, {
        timeout: 20_000,
      })
      .toBe(true);
    const state = Object.values(await rows(p)).find((r) => r.id === first);
    expect(state?.provisional).toBe(true);
    expect(state?.present).toBe(true);

    let removed = 0;
    for (const depth of [1, 2, 3]) {
      const ids: string[] = [];
      for (let i = 0; i < depth; i++) {
        await send(Veras, grantVera());
        ids.push(String(await stack.game.contracts(0).veras.read.totalMinted()));
      }
      await expect.poll(async () => (await shown(p, ids)) !== undefined, { timeout: 20_000 }).toBe(true);
      const orphans = (await shown(p, ids)) as string[];
      const replacement = { from: admin, to: Inventory, data: grantRunix(BigInt(depth)), gas: '0x2dc6c0' };
      await rpc(stack.anvil, 'anvil_reorg', [depth, [[replacement, 0]]]);
      const reorgAt = await p.evaluate(() => performance.timeOrigin + performance.now());
      const firstRemoved = async () => {
        const all = await rows(p);
        return orphans.map((k) => all[k]?.firstRemovedAt ?? null);
      };
      await expect.poll(firstRemoved, { timeout: 5_000, interval: 25 }).not.toContain(null);
      const times = (await firstRemoved()) as number[];
      expect(Math.max(...times) - reorgAt, `depth ${depth}`).toBeLessThanOrEqual(1000);
      removed += depth;
      await p
        .getByText(/events? removed by a chain reorganisation/)
        .first()
        .waitFor({ timeout: 2_000 });
      // and once the indexer has followed the reorg, they stay gone
      await expect
        .poll(
          async () => {
            const all = await rows(p);
            return orphans.some((k) => all[k]?.present);
          },
          { timeout: 30_000 },
        )
        .toBe(false);
    }
    expect(removed).toBe(6);
    expect(consoleErrors.filter((e) => !e.includes('WebSocket'))).toEqual([]);
  }, 180_000);
});

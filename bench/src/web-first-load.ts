/**
 * Benchmark: first-load JavaScript per route of the production build, as Chromium fetches it on a cold cache,
 * gzip-compressed here with zlib's default level (what a gzip server sends). Target: <= 180 KB on every route (the
 * player's pages as a visitor without a wallet sees them). Needs built bundles: npm run build -w @skald/web.
 *
 * Every .js response until the network is idle is fetched; "first load" is what the page requested before its
 * deferred layers (wallet and live, fetched once the page is idle): the page marks that moment in its performance
 * timeline (`skald:deferred`, web/src/lib/idle.ts). "deferred" is the rest, and "total" both.
 */
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { createPlayer, mined } from '@skald/harness';
import { webStack } from './web/stack.ts';

const TARGET_KB = 180;

async function main() {
  const { stack, playerId } = await webStack();
  try {
    const c = stack.game.contracts(0);
    await mined(
      stack.game,
      c.veras.write.admin_grantVera([playerId, 1, 1, 2, 1, 1, false], { gas: 1_000_000n }),
    );
    const veraId = await c.veras.read.totalMinted();
    // a battle for /battle/{id}: Astrid's vera against one of Bjorn's
    const bjornId = BigInt(await createPlayer(stack.game, 2, 'Bjorn'));
    await mined(
      stack.game,
      c.veras.write.admin_grantVera([bjornId, 1, 1, 2, 1, 1, false], { gas: 1_000_000n }),
    );
    const bjornVera = await c.veras.read.totalMinted();
    await mined(stack.game, stack.game.contracts(1).battles.write.enterQueue([playerId, 1, [veraId]]));
    await mined(stack.game, stack.game.contracts(2).battles.write.enterQueue([bjornId, 1, [bjornVera]]));
    const battleId = await c.battles.read.battleCount();
    await new Promise((r) => setTimeout(r, 2000)); // indexed
    const routes = [
      '/',
      '/top',
      '/clans',
      '/live',
      '/shop',
      `/vera/${veraId}`,
      `/viking/${playerId}`,
      '/nfts',
      '/arena',
      '/start',
      `/battle/${battleId}`,
      '/admin',
      '/login',
      '/confirm',
      '/no-such-page',
    ];
    const missed: string[] = [];
    console.log('\nfirst-load JS per route (cold cache; gzip = zlib default level)');
    console.log(
      `${'route'.padEnd(16)}${'files'.padStart(6)}${'raw KB'.padStart(10)}${'gzip KB'.padStart(10)}${'deferred'.padStart(10)}${'total'.padStart(8)}`,
    );
    for (const route of routes) {
      const { page, context } = await stack.page();
      const bodies = new Map<string, Buffer>();
      page.on('response', async (res) => {
        if (!new URL(res.url()).pathname.endsWith('.js')) return;
        const body = await res.body().catch(() => undefined);
        if (body) bodies.set(res.url(), body);
      });
      await page.goto(`${stack.gateway.url}${route}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      // when each script was requested, against the moment the page started its deferred work
      const timing = await page.evaluate(() => ({
        deferredAt: performance.getEntriesByName('skald:deferred')[0]?.startTime,
        started: Object.fromEntries(
          performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
        ),
      }));
      let raw = 0;
      let gz = 0;
      let deferredGz = 0;
      let files = 0;
      for (const [url, body] of bodies) {
        const started = timing.started[url];
        const deferred =
          timing.deferredAt !== undefined && started !== undefined && started >= timing.deferredAt;
        if (deferred) {
          deferredGz += gzipSync(body).length;
          continue;
        }
        files += 1;
        raw += body.length;
        gz += gzipSync(body).length;
      }
      const flag = gz / 1024 <= TARGET_KB ? `  (<= ${TARGET_KB} KB: met)` : `  (<= ${TARGET_KB} KB: MISSED)`;
      if (gz / 1024 > TARGET_KB) missed.push(route);
      console.log(
        `${route.padEnd(16)}${String(files).padStart(6)}${(raw / 1024).toFixed(1).padStart(10)}${(gz / 1024).toFixed(1).padStart(10)}${(deferredGz / 1024).toFixed(1).padStart(10)}${((gz + deferredGz) / 1024).toFixed(1).padStart(8)}${flag}`,
      );
      await context.close();
    }
    console.log(
      `load average: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      missed.length === 0
        ? `every route <= ${TARGET_KB} KB: met`
        : `every route <= ${TARGET_KB} KB: MISSED on ${missed.join(', ')}`,
    );
  } finally {
    await stack.stop();
  }
}

await main();

/**
 * Benchmark: first-load JavaScript per route of the production build, as Chromium fetches it on a cold cache
 * (every .js response until the network is idle), gzip-compressed here with zlib's default level (what a gzip
 * server sends). Target: <= 180 KB on every route (the player's pages as a visitor without a wallet sees them). Needs built bundles: npm run build -w @skald/web.
 */
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
      `${'route'.padEnd(16)}${'files'.padStart(6)}${'raw KB'.padStart(10)}${'gzip KB'.padStart(10)}`,
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
      let raw = 0;
      let gz = 0;
      for (const body of bodies.values()) {
        raw += body.length;
        gz += gzipSync(body).length;
      }
      const flag = gz / 1024 <= TARGET_KB ? `  (<= ${TARGET_KB} KB: met)` : `  (<= ${TARGET_KB} KB: MISSED)`;
      if (gz / 1024 > TARGET_KB) missed.push(route);
      console.log(
        `${route.padEnd(16)}${String(bodies.size).padStart(6)}${(raw / 1024).toFixed(1).padStart(10)}${(gz / 1024).toFixed(1).padStart(10)}${flag}`,
      );
      await context.close();
    }
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

/**
 * What keeps the pages fast on a phone (the figures come from `npm run bench:web-vitals -w @skald/bench`): the
 * server HTML of every public route has one title and a meta description, its styles inline (nothing
 * render-blocking), the route's own chunk modulepreloaded, the page's data in it, and is gzipped when asked; the
 * home page does not move when live mints arrive.
 */

import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserStack,
  createPlayer,
  type Game,
  hydrated,
  mined,
  startBrowserStack,
  waitFor,
} from '../src/index.ts';

let stack: BrowserStack;
let game: Game;
let origin: string;
let astridId: string;
let veraId: bigint;

async function grantVera(): Promise<bigint> {
  const c = game.contracts(0);
  await mined(
    game,
    c.veras.write.admin_grantVera([BigInt(astridId), 1, 1, 2, 1, 1, false], { gas: 1_000_000n }),
  );
  return c.veras.read.totalMinted();
}

beforeAll(async () => {
  stack = await startBrowserStack(async (g) => {
    game = g;
    await createPlayer(g, 0, 'Odin');
    astridId = await createPlayer(g, 1, 'Astrid');
  });
  origin = stack.gateway.url;
  veraId = await grantVera();
  await waitFor('the vera to be indexed', async () =>
    (await fetch(`${origin}/api/vera/${veraId}`)).ok ? true : undefined,
  );
});

afterAll(async () => {
  await stack?.stop();
});

describe('pages built for a phone', () => {
  it('serve one title, a description, inline styles and the route’s chunk preloaded', async () => {
    const routes: [string, RegExp][] = [
      ['/', /\/assets\/routes-[\w-]+\.js/],
      ['/top', /\/assets\/top-[\w-]+\.js/],
      ['/clans', /\/assets\/clans\.index-[\w-]+\.js/],
      ['/shop', /\/assets\/shop-[\w-]+\.js/],
      [`/vera/${veraId}`, /\/assets\/vera\._id-[\w-]+\.js/],
      [`/viking/${astridId}`, /\/assets\/viking\._id-[\w-]+\.js/],
    ];
    for (const [route, chunk] of routes) {
      const res = await fetch(`${origin}${route}`, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status, route).toBe(200);
      const html = await res.text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<title>/g)?.length, `${route}: one title`).toBe(1);
      expect(
        head.match(/<meta name="description" content="[^"]{40,}"/g)?.length,
        `${route}: description`,
      ).toBe(1);
      expect(head, `${route}: no stylesheet request before the first paint`).not.toContain(
        'rel="stylesheet"',
      );
      expect(head, `${route}: styles inline`).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
      expect(head, `${route}: no module script in the parser's way`).not.toMatch(/<script type="module"/);
      const preloads = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
      expect(
        preloads.some((href) => chunk.test(href ?? '')),
        `${route}: its chunk preloaded (${preloads})`,
      ).toBe(true);
    }
  });

  it('puts the page’s data in its HTML and gzips it', async () => {
    const res = await fetch(`${origin}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes the body itself; the home panels are rendered on the server
    const html = await res.text();
    expect(html).toContain(`Astrid minted Vera #${veraId}`);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      get(`${origin}/top`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
        const parts: Buffer[] = [];
        r.on('data', (d: Buffer) => parts.push(d));
        r.on('end', () => resolve(Buffer.concat(parts)));
        r.on('error', reject);
      }).on('error', reject);
    });
    expect(gunzipSync(raw).toString('utf8')).toContain('<title>Top · Skald</title>');
    const script = html.match(/s\.src="(\/assets\/entry-client-[\w-]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const js = await fetch(`${origin}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(js.headers.get('content-encoding')).toBe('br');
  });

  it('keeps the home page still while live mints arrive on a phone', async () => {
    const { page: p, consoleErrors } = await stack.page({ viewport: { width: 412, height: 823 } });
    await p.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await p.goto(`${origin}/`);
    await hydrated(p, consoleErrors);
    for (let i = 0; i < 4; i++) await grantVera();
    await p
      .locator('[data-sonner-toast]')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await p.waitForTimeout(1500);
    const cls = await p.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.1);
    expect(consoleErrors).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CACHE, createQueryClient, veraQueryOptions, vikingQueryOptions } from '../src/api/queries.ts';
import { ticks } from '../src/components/elo-chart.tsx';
import { errorStatus } from '../src/components/errors/error-page.tsx';
import { failedStatus } from '../src/components/errors/page-head.tsx';
import { statusMessage } from '../src/components/errors/status-page.tsx';
import { BURST_AFTER, BURST_WINDOW_MS, createMintGate } from '../src/components/live/mint-toast-gate.ts';
import { parseTopSearch } from '../src/routes/top.tsx';
import { networkState } from '../src/wallet/network.ts';

describe('cache ages (spec section 9)', () => {
  it('defaults to stale after 5 s and dropped after 5 min; vikings 30 s; veras never', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries).toMatchObject({ staleTime: 5_000, gcTime: 300_000 });
    const api = { get: async () => ({}), post: async () => ({}) };
    expect(vikingQueryOptions(api as never, '1').staleTime).toBe(CACHE.vikingStaleMs);
    expect(CACHE.vikingStaleMs).toBe(30_000);
    expect(veraQueryOptions(api as never, '1').staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(veraQueryOptions(api as never, '1').gcTime).toBe(Number.POSITIVE_INFINITY);
  });

  it('revalidates stale data in loaders (ensureQueryData) but returns the cached answer at once', async () => {
    const client = createQueryClient();
    let calls = 0;
    const options = { queryKey: ['x'], queryFn: async () => ++calls, staleTime: 1 };
    expect(await client.ensureQueryData(options)).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await client.ensureQueryData(options)).toBe(1); // cached answer
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toBe(2); // and a background refetch
  });
});

describe('mint toast gate', () => {
  it('shows single toasts, then one burst toast that takes over and counts up', () => {
    const gate = createMintGate(() => false);
    const decisions = [0, 1, 2, 3].map((i) => gate.admit(`m${i}`, 1_000 + i * 500));
    expect(decisions.slice(0, BURST_AFTER).every((d) => d.kind === 'single')).toBe(true);
    expect(decisions[BURST_AFTER]).toEqual({ kind: 'burst', count: BURST_AFTER + 1, dismiss: ['m0', 'm1'] });
    expect(decisions[BURST_AFTER + 1]).toEqual({ kind: 'burst', count: BURST_AFTER + 2, dismiss: [] });
    // quiet for a window: back to single toasts
    expect(gate.admit('m9', 1_000 + 3 * 500 + BURST_WINDOW_MS).kind).toBe('single');
  });

  it('counts each window of a long burst from one again: never more than the mints of its window', () => {
    const gate = createMintGate(() => false);
    // three mints a second for two minutes, as the bots mint
    const times = Array.from({ length: 360 }, (_, i) => Math.round(i * (1000 / 3)));
    const decisions = times.map((t, i) => ({ t, d: gate.admit(`m${i}`, t) }));
    for (const { t, d } of decisions) {
      if (d.kind !== 'burst') continue;
      const inWindow = times.filter((u) => u <= t && t - u < BURST_WINDOW_MS).length;
      expect(d.count).toBeLessThanOrEqual(inWindow);
    }
    const counts = decisions.flatMap(({ d }) => (d.kind === 'burst' ? [d.count] : []));
    expect(Math.max(...counts)).toBeLessThanOrEqual((BURST_WINDOW_MS / 1000) * 3 + 1);
    // the count started again at least once per window
    expect(counts.filter((c) => c === 1).length).toBeGreaterThanOrEqual(
      Math.floor(120_000 / BURST_WINDOW_MS) - 1,
    );
  });

  it('shows nothing while muted', () => {
    expect(createMintGate(() => true).admit('m', 0)).toEqual({ kind: 'muted' });
  });
});

describe('wrong network', () => {
  it('is ready only when connected on the game chain', () => {
    const base = { address: '0x1', gameChainId: 5611 };
    expect(networkState({ ...base, status: 'connected', chainId: 5611 })).toBe('ready');
    expect(networkState({ ...base, status: 'connected', chainId: 1 })).toBe('wrong-network');
    expect(networkState({ ...base, status: 'reconnecting', chainId: 1 })).toBe('disconnected');
  });
});

describe('error pages', () => {
  it('name the status; anything unknown is a 500', () => {
    expect(statusMessage(429)).toBe('Too Many Requests');
    expect(statusMessage(503)).toBe('Service Unavailable');
    expect(statusMessage(404)).toBe('Page Not Found');
    expect(statusMessage(418)).toBe('Internal Server Error');
    expect(errorStatus({ status: 503 })).toBe(503);
    expect(errorStatus(new Error('x'))).toBe(500);
    expect(failedStatus([{ status: 'success' }, { status: 'error', error: { status: 429 } }])).toBe(429);
    expect(failedStatus([{ status: 'success', globalNotFound: true }])).toBe(404);
    expect(failedStatus([{ status: 'success' }])).toBeUndefined();
  });
});

describe('leaderboard', () => {
  it('reads search params as typed', () => {
    expect(parseTopSearch({ player: 3 })).toMatchObject({ player: '3' });
    expect(parseTopSearch({ player: '3', page: 2, name: ' Ulf ' })).toMatchObject({ page: 2, name: 'Ulf' });
    expect(parseTopSearch({ player: 'x', page: -1 })).toEqual({
      type: undefined,
      player: undefined,
      page: undefined,
      name: undefined,
    });
  });

  it('puts elo ticks on round values covering the range', () => {
    const t = ticks(984, 1032);
    expect(t[0]).toBeLessThanOrEqual(984);
    expect(t[t.length - 1]).toBeGreaterThanOrEqual(1032);
    const step = (t[1] ?? 0) - (t[0] ?? 0);
    expect([1, 2, 5, 10, 20, 50]).toContain(step);
    expect(t.every((v) => v % step === 0)).toBe(true);
    expect(ticks(1000, 1000).length).toBeGreaterThan(0);
  });
});

describe('router reload guard', () => {
  it('matches the pinned router so the build can hand its reload to the app', async () => {
    const file = fileURLToPath(
      new URL('../../node_modules/@tanstack/react-router/dist/esm/lazyRouteComponent.js', import.meta.url),
    );
    const { routerReloadGuard } = await import('../scripts/router-reload-guard.ts');
    const transform = routerReloadGuard().transform as (
      code: string,
      id: string,
    ) => { code: string } | undefined;
    const fail = (message: string) => {
      throw new Error(message);
    };
    const out = transform.call({ error: fail } as never, readFileSync(file, 'utf8'), file);
    expect(out?.code).toContain('__skaldChunkFailure');
    expect(out?.code).not.toContain('window.location.reload()');
  });
});

/**
 * Live rows on a budget (live/frame-batch.ts): the first batch after a quiet spell goes out before the next
 * paint; while frames keep coming, batches are at least LIVE_SPACING_MS apart and each carries every frame
 * that arrived meanwhile, in order.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beforeNextLivePaint, LIVE_SPACING_MS } from '../src/live/frame-batch.ts';

describe('beforeNextLivePaint', () => {
  // a browser's paints, every 16 ms, on fake timers
  const g = globalThis as { requestAnimationFrame?: unknown; cancelAnimationFrame?: unknown };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    g.requestAnimationFrame = (paint: (at: number) => void) => setTimeout(() => paint(performance.now()), 16);
    g.cancelAnimationFrame = (id: ReturnType<typeof setTimeout>) => clearTimeout(id);
  });
  afterEach(() => {
    delete g.requestAnimationFrame;
    delete g.cancelAnimationFrame;
    vi.useRealTimers();
  });

  it('runs the first batch at the next paint, then one batch per spacing with every frame in it', async () => {
    expect(typeof requestAnimationFrame).toBe('function');
    const ran: { frame: number; at: number }[] = [];
    const frame = (n: number) => beforeNextLivePaint(() => ran.push({ frame: n, at: performance.now() }));
    const start = performance.now();
    frame(1);
    await vi.advanceTimersByTimeAsync(20); // one paint
    expect(ran.map((r) => r.frame)).toEqual([1]);

    // eight frames a second for two seconds
    for (let n = 2; n <= 17; n++) {
      frame(n);
      await vi.advanceTimersByTimeAsync(125);
    }
    await vi.advanceTimersByTimeAsync(LIVE_SPACING_MS + 20);
    expect(ran.map((r) => r.frame)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    const batches = [...new Set(ran.map((r) => r.at))];
    expect(batches.length).toBeLessThanOrEqual(1 + Math.ceil(2000 / LIVE_SPACING_MS) + 1);
    for (let i = 1; i < batches.length; i++)
      expect((batches[i] as number) - (batches[i - 1] as number)).toBeGreaterThanOrEqual(LIVE_SPACING_MS);
    // no frame waited much longer than the spacing
    expect((ran.at(-1)?.at ?? 0) - start).toBeLessThan(2 * 1000 + 2 * LIVE_SPACING_MS + 100);
  });
});

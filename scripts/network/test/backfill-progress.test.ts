import { describe, expect, it } from 'vitest';
import { createBackfillProgress, formatSeconds } from '../../lib/progress.ts';

describe('backfill progress', () => {
  it('says how far, how fast and when the indexer will have caught up', () => {
    const progress = createBackfillProgress(100);
    expect(progress.observe({ head: 100, chain: 10_100, now: 0 })).toBeNull();
    expect(progress.observe({ head: 1100, chain: 10_100, now: 10_000 })).toBe(
      'backfill: block 1100 of 10100 (10.0 %), 100.0 blocks/s, ETA 1 min 30 s',
    );
  });

  it('has no ETA while the head has not moved', () => {
    const progress = createBackfillProgress(1);
    progress.observe({ head: 1, chain: 500, now: 0 });
    expect(progress.observe({ head: 1, chain: 500, now: 5000 })).toMatch(/ETA unknown \(no progress yet\)$/);
  });

  it('measures the rate over the last 30 s', () => {
    const progress = createBackfillProgress(0);
    progress.observe({ head: 0, chain: 100_000, now: 0 });
    // fast at first, then 10 blocks/s for 40 s
    progress.observe({ head: 50_000, chain: 100_000, now: 1000 });
    for (let t = 5000; t <= 41_000; t += 4000)
      progress.observe({ head: 50_000 + (t - 1000) / 100, chain: 100_000, now: t });
    expect(progress.observe({ head: 50_410, chain: 100_000, now: 42_000 })).toMatch(/ 10\.0 blocks\/s/);
  });

  it('formats seconds', () => {
    expect([formatSeconds(5), formatSeconds(75), formatSeconds(4000)]).toEqual([
      '5 s',
      '1 min 15 s',
      '1 h 6 min',
    ]);
  });
});

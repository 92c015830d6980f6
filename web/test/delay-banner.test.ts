import { describe, expect, it } from 'vitest';
import { bannerFor } from '../src/components/live/delay-banner.tsx';

const up = { indexerProcess: 'up' as const, backfillDone: true };

describe('live delay banner', () => {
  it('is hidden while the feed keeps up (a block or two behind is normal)', () => {
    expect(bannerFor({ ...up, lag: { blocks: 0, seconds: 0 } })).toBeNull();
    expect(bannerFor({ ...up, lag: { blocks: 2, seconds: 3 } })).toBeNull();
    expect(bannerFor({ ...up, lag: null })).toBeNull();
  });
  it('says delayed, with how far, when the indexer falls behind', () => {
    const banner = bannerFor({ ...up, lag: { blocks: 12, seconds: 40 } });
    expect(banner?.kind).toBe('delayed');
    expect(banner?.text).toContain('12 blocks (40 s) behind');
    expect(bannerFor({ ...up, backfillDone: false, lag: null })?.kind).toBe('delayed');
  });
  it('says stalled when the indexer is down or the server does not answer', () => {
    expect(bannerFor({ ...up, indexerProcess: 'down', lag: { blocks: 1, seconds: 1 } })?.kind).toBe(
      'stalled',
    );
    expect(bannerFor(null)?.kind).toBe('stalled');
  });
  it("says stalled when /status reports the live state 'stalled' (no progress) with the process up", () => {
    const banner = bannerFor({ ...up, lag: { blocks: 1, seconds: 1 }, live: { state: 'stalled' } });
    expect(banner?.kind).toBe('stalled');
    expect(banner?.text).toContain('stopped following the chain');
    expect(bannerFor({ ...up, lag: null, live: { state: 'current' } })).toBeNull();
  });
});

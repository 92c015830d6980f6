import { describe, expect, it } from 'vitest';
import { consecutiveFailures, createStallDetector, liveBlock } from '../lib/progress.ts';

describe('the indexer stall detector', () => {
  it('says stalled once the chain moved N blocks past a head that stayed put for the minimum time', () => {
    const stall = createStallDetector({ blocks: 10, ms: 5000 });
    expect(stall.observe({ head: 100, chain: 100, now: 0 })).toBeNull();
    // the chain moves, the head follows: progress
    expect(stall.observe({ head: 105, chain: 106, now: 1000 })).toBeNull();
    // the head stops at 105
    expect(stall.observe({ head: 105, chain: 112, now: 3000 })).toBeNull();
    expect(stall.observe({ head: 105, chain: 120, now: 4000 }), 'not long enough yet').toBeNull();
    expect(stall.observe({ head: 105, chain: 120, now: 6500 })).toBe(
      'its head stayed at block 105 for 6 s while the chain moved 14 blocks (to 120)',
    );
    // it moves again
    expect(stall.observe({ head: 106, chain: 121, now: 7000 })).toBeNull();
  });

  it('an idle chain never stalls the indexer', () => {
    const stall = createStallDetector({ blocks: 10, ms: 5000 });
    for (let t = 0; t < 100_000; t += 1000) expect(stall.observe({ head: 50, chain: 52, now: t })).toBeNull();
  });

  it('a head behind after a restart (catching up) is measured from the head, not from where the chain was', () => {
    const stall = createStallDetector({ blocks: 10, ms: 1000 });
    // the head is far behind but moving
    expect(stall.observe({ head: 10, chain: 500, now: 0 })).toBeNull();
    expect(stall.observe({ head: 200, chain: 505, now: 2000 })).toBeNull();
    // the head stays at 200: the chain is 305 ahead, but moved only 3 blocks since
    expect(stall.observe({ head: 200, chain: 508, now: 4000 })).toBeNull();
    expect(stall.observe({ head: 200, chain: 515, now: 5000 })).toMatch(/moved 10 blocks/);
  });
});

describe('consecutive failures', () => {
  it('is stuck only after N failures in a row', async () => {
    let fail = true;
    const check = consecutiveFailures(
      3,
      async () => {
        if (fail) throw new Error('timeout');
      },
      '/health',
    );
    expect(await check()).toBeNull();
    expect(await check()).toBeNull();
    fail = false;
    expect(await check()).toBeNull();
    fail = true;
    expect(await check()).toBeNull();
    expect(await check()).toBeNull();
    expect(await check()).toBe('/health failed 3 times in a row (timeout)');
  });
});

describe("Ponder's live block line", () => {
  it('counts the events of an indexed block (block_count sits between number and event_count)', () => {
    expect(
      liveBlock(
        'Indexed block chain=skald chain_id=5611 number=212 block_count=1 event_count=3 duration=12.3ms',
      ),
    ).toEqual({ indexed: true, number: 212, events: 3 });
    expect(liveBlock('Finalized block chain=skald chain_id=5611 number=180')).toEqual({
      indexed: false,
      number: 180,
      events: 0,
    });
    expect(liveBlock('Indexed block range chain=skald event_count=10 block_range=[1,20]')).toBeNull();
  });
});

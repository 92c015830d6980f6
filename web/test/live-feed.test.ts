/** /live's pure rules: rows read the gateway's sentence, filters in the URL, the window of rows shown. */
import { describe, expect, it } from 'vitest';
import { describeActivity } from '../src/live/describe.ts';
import { activityRate, searchTypes, toggleSearchType, windowRange } from '../src/live/feed.ts';
import type { ActivityEvent } from '../src/live/protocol.ts';
import { parseLiveSearch } from '../src/routes/live.tsx';

const event = (over: Partial<ActivityEvent>): ActivityEvent => ({
  cursor: '00000000000000000010-000001',
  type: 'battle',
  kind: 'BattleResolved',
  blockNumber: '10',
  logIndex: 1,
  txHash: '0xabc',
  timestamp: 1_700_000_000,
  payload: {},
  ...over,
});

describe('feed rows', () => {
  it('show the sentence the gateway wrote, or the kind in words without one', () => {
    expect(describeActivity(event({ text: 'Ulf8 granted 500 runix to Freydis3' }))).toBe(
      'Ulf8 granted 500 runix to Freydis3',
    );
    expect(describeActivity(event({ kind: 'SomethingNew', names: { character: 'Ragna9' } }))).toBe(
      'Ragna9: something new',
    );
  });
});

describe('/live search params', () => {
  it('keeps known types in catalogue order and drops the rest', () => {
    expect(parseLiveSearch({ type: 'inventory,grant,dance' })).toEqual({ type: 'grant,inventory' });
    expect(parseLiveSearch({ type: ['battle', 'mint'] })).toEqual({ type: 'mint,battle' });
    expect(parseLiveSearch({ type: 42 })).toEqual({});
    expect(parseLiveSearch({})).toEqual({});
  });

  it('toggles a type on and off', () => {
    expect(toggleSearchType({}, 'inventory')).toBe('inventory');
    expect(toggleSearchType({ type: 'inventory' }, 'grant')).toBe('grant,inventory');
    expect(toggleSearchType({ type: 'inventory' }, 'inventory')).toBeUndefined();
    expect([...searchTypes({ type: 'grant,inventory' })]).toEqual(['grant', 'inventory']);
  });
});

describe('feed window and chart', () => {
  it('shows the rows in view plus an overscan, clamped to the list', () => {
    expect(windowRange(1000, 0, 520, 52, 6)).toEqual({ start: 0, end: 16 });
    expect(windowRange(1000, 5200, 520, 52, 6)).toEqual({ start: 94, end: 116 });
    expect(windowRange(5, 0, 520, 52, 6)).toEqual({ start: 0, end: 5 });
  });

  it('counts events per 10 s bucket, oldest first', () => {
    const at = (t: number) => event({ timestamp: t });
    const counts = activityRate([at(1000), at(995), at(991), at(700)], 1000, 10, 30);
    expect(counts).toHaveLength(30);
    expect(counts[29]).toBe(3);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3); // 700 is older than the 5 minutes shown
  });

  it("adds the gateway's per-second counts of the events older than the page's rows", () => {
    const at = (t: number) => event({ timestamp: t });
    const counts = activityRate([at(1000), at(995)], 1000, 10, 30, [
      { t: 650, n: 9 }, // before the window
      { t: 701, n: 2 }, // the first bucket
      { t: 990, n: 4 }, // with the page's own rows' bucket neighbour
    ]);
    expect(counts[0]).toBe(2);
    expect(counts[28]).toBe(4);
    expect(counts[29]).toBe(2);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(8);
  });
});

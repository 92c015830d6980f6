import { describe, expect, it } from 'vitest';
import { headerOpacity, nextHeaderScroll } from '../src/components/header/header-scroll.ts';
import { liftFor } from '../src/components/live/toast-lift.ts';
import { number } from '../src/lib/format.ts';
import { shouldReload } from '../src/lib/version.ts';
import { addEvents, emptyFeed, retractEvents } from '../src/live/feed.ts';
import { retractionNote } from '../src/live/mint.ts';
import { ev } from './fixtures/events.ts';

describe('header scroll rules', () => {
  it('darkens with depth up to 0.95', () => {
    expect(headerOpacity(100)).toBe(0.5);
    expect(headerOpacity(1000)).toBe(0.95);
  });
  it('hides going down, shows going up, ignores < 10 px, never hides under the pointer', () => {
    let s = nextHeaderScroll({ hidden: false, anchorY: 0 }, 300, false);
    expect(s.hidden).toBe(true);
    expect(nextHeaderScroll(s, 295, false)).toBe(s);
    s = nextHeaderScroll(s, 280, false);
    expect(s.hidden).toBe(false);
    expect(nextHeaderScroll(s, 600, true).hidden).toBe(false);
    expect(nextHeaderScroll({ hidden: true, anchorY: 500 }, 40, false).hidden).toBe(false);
  });
});

describe('number format', () => {
  it('groups thousands as en-US does, for every size and sign', () => {
    const samples = [
      0n,
      7n,
      999n,
      1000n,
      12_345n,
      999_999n,
      1_000_000n,
      -1n,
      -1234n,
      -999_999n,
      2n ** 64n - 1n,
    ];
    for (const value of samples) expect(number(value)).toBe(value.toLocaleString('en-US'));
    expect(number('1234567')).toBe('1,234,567');
    expect(number(42)).toBe('42');
  });
});

describe('new-build reload', () => {
  it('reloads only for a newer build and at most once per 10 s', () => {
    expect(shouldReload({ pageBuild: 'a', deployedBuild: 'a', lastReloadAt: undefined, now: 0 })).toBe(false);
    expect(shouldReload({ pageBuild: 'a', deployedBuild: 'b', lastReloadAt: undefined, now: 0 })).toBe(true);
    expect(shouldReload({ pageBuild: 'a', deployedBuild: 'b', lastReloadAt: 5_000, now: 9_000 })).toBe(false);
  });
});

describe('live feed with provisional events', () => {
  it('replaces a provisional row with its confirmation in place and counts retractions', () => {
    let feed = addEvents(emptyFeed, [ev(1), ev(2, true)]);
    expect(feed.events.map((e) => [e.cursor.slice(18, 20), e.provisional ?? false])).toEqual([
      ['02', true],
      ['01', false],
    ]);
    feed = addEvents(feed, [ev(2)]);
    expect(feed.events).toHaveLength(2);
    expect(feed.events[0]?.provisional).toBeUndefined();
    expect(addEvents(feed, [ev(2, true)])).toBe(feed); // a late provisional copy changes nothing
    feed = retractEvents(feed, [ev(2).cursor, ev(9).cursor]);
    expect(feed.events.map((e) => e.cursor)).toEqual([ev(1).cursor]);
    expect(feed.retracted).toBe(1);
    expect(retractionNote(2)).toBe('2 events removed by a chain reorganisation');
    expect(retractionNote(1)).toBe('1 event removed by a chain reorganisation');
  });
});

describe('toast clearance', () => {
  const stack = { left: 24, right: 380, top: 700, bottom: 776 };
  it('leaves a stack that covers no action where it is', () => {
    expect(liftFor(stack, [{ left: 600, right: 760, top: 720, bottom: 760 }], 72)).toBe(0);
    expect(liftFor(stack, [{ left: 24, right: 200, top: 300, bottom: 340 }], 72)).toBe(0);
  });
  it('lifts a stack just above the action it would cover, and above the next one it would then cover', () => {
    expect(liftFor(stack, [{ left: 100, right: 260, top: 740, bottom: 780 }], 72)).toBe(776 - 740 + 14);
    const two = [
      { left: 100, right: 260, top: 740, bottom: 780 },
      { left: 100, right: 260, top: 650, bottom: 690 },
    ];
    const lift = liftFor(stack, two, 72);
    expect(lift).toBe(776 - 650 + 14);
  });
  it('finds the nearest free gap, and stays put when a column of buttons leaves none', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      left: 300,
      right: 360,
      top: 100 + i * 56,
      bottom: 136 + i * 56,
    }));
    expect(liftFor(stack, rows, 72)).toBe(0);
    // the same column starting lower: the stack fits between the header and the first row
    const lower = rows.map((r) => ({ ...r, top: r.top + 120, bottom: r.bottom + 120 }));
    const lift = liftFor({ ...stack, left: 16, right: 359 }, lower, 72);
    expect(776 - lift).toBeLessThanOrEqual(220 - 14);
    expect(700 - lift).toBeGreaterThanOrEqual(72);
  });
  it('never lifts a stack above the header', () => {
    expect(liftFor(stack, [{ left: 100, right: 260, top: 80, bottom: 776 }], 72)).toBe(0);
  });
});

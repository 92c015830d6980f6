import { describe, expect, it } from 'vitest';
import { headerOpacity, nextHeaderScroll } from '../src/components/header/header-scroll.ts';
import { shouldReload } from '../src/lib/version.ts';

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

describe('new-build reload', () => {
  it('reloads only for a newer build and at most once per 10 s', () => {
    expect(shouldReload({ pageBuild: 'a', deployedBuild: 'a', lastReloadAt: undefined, now: 0 })).toBe(false);
    expect(shouldReload({ pageBuild: 'a', deployedBuild: 'b', lastReloadAt: undefined, now: 0 })).toBe(true);
    expect(shouldReload({ pageBuild: 'a', deployedBuild: 'b', lastReloadAt: 5_000, now: 9_000 })).toBe(false);
  });
});

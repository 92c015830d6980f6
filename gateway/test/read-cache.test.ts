/** The read cache alone (no database): single-flight loads, and invalidations that overtake a load. */
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../src/events/activity.ts';
import { ReadCache } from '../src/live/read-cache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('read cache', () => {
  it('shares one load among concurrent misses of a key, then serves the stored value', async () => {
    const cache = new ReadCache();
    let loads = 0;
    const gate = deferred<string>();
    const load = () => {
      loads++;
      return gate.promise;
    };
    const waiting = Array.from({ length: 32 }, () => cache.get('vera:1', ['vera:1'], load));
    gate.resolve('v1');
    expect(await Promise.all(waiting)).toEqual(Array(32).fill('v1'));
    expect(await cache.get('vera:1', ['vera:1'], load)).toBe('v1');
    expect(loads).toBe(1);
  });

  it('does not store a load that an invalidation overtook, and starts a fresh one for new callers', async () => {
    const cache = new ReadCache();
    const stale = deferred<string>();
    const first = cache.get('vera:1', ['vera:1', 'battles'], () => stale.promise);
    cache.apply({ events: [{ type: 'battle', cursor: '1' } as StreamEvent], retracted: [] });
    const second = cache.get('vera:1', ['vera:1', 'battles'], async () => 'fresh');
    stale.resolve('stale');
    expect(await first).toBe('stale');
    expect(await second).toBe('fresh');
    expect(await cache.get('vera:1', [], async () => 'reloaded')).toBe('fresh');
  });

  it('lets a failed load fail its callers only: the next call loads again', async () => {
    const cache = new ReadCache();
    await expect(cache.get('k', [], () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await expect(cache.get('k', [], () => Promise.reject(new TypeError('sync-ish')))).rejects.toThrow();
    expect(await cache.get('k', [], async () => 'ok')).toBe('ok');
  });
});

/**
 * A small cache of read results, kept exact by the live stream: each entry carries tags, and every applied
 * batch drops the entries its events touch (a vera's events drop that vera; battles, renames and clan changes
 * drop what shows them). A TTL bounds staleness should a batch ever be missed.
 *
 * Loads are single-flight: concurrent misses on one key share one load. Without that, N clients asking for the
 * same uncached vera ran N copies of its four queries through a pool of ten, and every later request queued
 * behind them (the benchmark's 32 connections walk the same ids in step: p99 over 200 ms). A load that an
 * invalidation overtakes is handed to the callers already waiting but not stored, and new callers start afresh,
 * so nothing read before a batch outlives it.
 */
import type { Batch } from './hub.ts';

type Entry = { value: unknown; tags: string[]; expires: number };

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly loading = new Map<string, { value: Promise<unknown>; generation: number }>();
  /** bumped by every invalidation: a load started under an older generation may have read stale rows */
  private generation = 0;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 20_000,
  ) {}

  get<T>(key: string, tags: string[], load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return Promise.resolve(hit.value as T);
    const pending = this.loading.get(key);
    if (pending && pending.generation === this.generation) return pending.value as Promise<T>;
    const entry = { value: Promise.resolve() as Promise<unknown>, generation: this.generation };
    const settle = () => {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    };
    const value = new Promise<T>((resolve) => resolve(load())).then(
      (loaded) => {
        settle();
        if (entry.generation === this.generation) this.set(key, loaded, tags);
        return loaded;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    entry.value = value;
    this.loading.set(key, entry);
    return value;
  }

  private set(key: string, value: unknown, tags: string[]): void {
    this.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(key, { value, tags, expires: Date.now() + this.ttlMs });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.byTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) this.byTag.get(tag)?.delete(key);
  }

  invalidate(tag: string): void {
    this.generation++;
    const keys = this.byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.delete(key);
    this.byTag.delete(tag);
  }

  /** Drops what a batch of activity changed. A reorg drops everything. */
  apply(batch: Batch): void {
    if (batch.retracted.length > 0) {
      this.generation++;
      this.entries.clear();
      this.byTag.clear();
      return;
    }
    for (const e of batch.events) {
      if (e.veraId) this.invalidate(`vera:${e.veraId}`);
      if (e.type === 'battle') this.invalidate('battles');
      if (e.type === 'character' || e.type === 'clan' || e.type === 'battle') this.invalidate('board');
      if (e.type === 'character') this.invalidate('names');
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

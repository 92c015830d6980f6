/**
 * A small cache of read results, kept exact by the live stream: each entry carries tags, and every applied
 * batch drops the entries its events touch (a vera's events drop that vera; battles, renames and clan changes
 * drop what shows them). A TTL bounds staleness should a batch ever be missed.
 */
import type { Batch } from './hub.ts';

type Entry = { value: unknown; tags: string[]; expires: number };

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 20_000,
  ) {}

  async get<T>(key: string, tags: string[], load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const value = await load();
    this.set(key, value, tags);
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
    const keys = this.byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.delete(key);
    this.byTag.delete(tag);
  }

  /** Drops what a batch of activity changed. A reorg drops everything. */
  apply(batch: Batch): void {
    if (batch.retracted.length > 0) {
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

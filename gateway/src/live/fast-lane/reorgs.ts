/**
 * What the fast lane announced, block by block, so that what a reorg takes away can be withdrawn: a new head
 * at or below an announced height, a polled block whose hash changed, or another block's events at a height
 * already announced.
 */
import type { Hex } from 'viem';

/** announcements older than this many blocks below the newest are forgotten */
const RECENT_BLOCKS = 128;

export class Announced {
  /** block number -> hash and the cursors announced from it */
  private readonly byNumber = new Map<bigint, { hash: Hex; cursors: string[] }>();

  /**
   * Records cursors announced from block `number` (`hash`). Returns the cursors announced earlier from another
   * block at that height (the node replaced it), now withdrawn.
   */
  add(number: bigint, hash: Hex, cursors: string[]): string[] {
    let replaced: string[] = [];
    const earlier = this.byNumber.get(number);
    if (earlier && earlier.hash !== hash) {
      this.byNumber.delete(number);
      replaced = earlier.cursors;
    }
    const entry = this.byNumber.get(number);
    if (entry) entry.cursors.push(...cursors);
    else this.byNumber.set(number, { hash, cursors: [...cursors] });
    for (const n of this.byNumber.keys()) if (n + BigInt(RECENT_BLOCKS) < number) this.byNumber.delete(n);
    return replaced;
  }

  /** Withdraws (and returns) what was announced from blocks at or above `number` that are not `hash` now. */
  withdrawFrom(number: bigint, hash: Hex): string[] {
    const gone: string[] = [];
    for (const [n, entry] of this.byNumber) {
      if (n < number || (n === number && entry.hash === hash)) continue;
      gone.push(...entry.cursors);
      this.byNumber.delete(n);
    }
    return gone;
  }

  /** the announced blocks (number, hash), as of now */
  blocks(): [bigint, Hex][] {
    return [...this.byNumber].map(([n, entry]) => [n, entry.hash]);
  }
}

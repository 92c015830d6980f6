/**
 * Exactly-once bookkeeping for one live subscription: which cursors were delivered, and the cursor to resume
 * after. A reorg retraction forgets its cursors and moves the resume point back before them, so the replacement
 * events (which may reuse the same block numbers) are delivered, not mistaken for duplicates.
 */
const MAX_REMEMBERED = 10_000;

export class CursorTracker {
  private delivered: string[] = [];
  private seen = new Set<string>();

  /** The cursor to send as `after` on (re)subscribe. */
  get last(): string | undefined {
    return this.delivered[this.delivered.length - 1];
  }

  /** Records an event; false when it was already delivered (a replay overlap). */
  accept(cursor: string): boolean {
    if (this.seen.has(cursor)) return false;
    this.seen.add(cursor);
    const last = this.last;
    if (last === undefined || cursor > last) this.delivered.push(cursor);
    else {
      // an out-of-order replacement after a retraction: keep the list sorted
      const at = this.delivered.findIndex((c) => c > cursor);
      this.delivered.splice(at, 0, cursor);
    }
    if (this.delivered.length > MAX_REMEMBERED) {
      const dropped = this.delivered.splice(0, this.delivered.length - MAX_REMEMBERED);
      for (const c of dropped) this.seen.delete(c);
    }
    return true;
  }

  /** Forgets retracted cursors; returns those that had been delivered. */
  retract(cursors: readonly string[]): string[] {
    const removed = cursors.filter((c) => this.seen.has(c));
    if (removed.length === 0) return removed;
    const gone = new Set(removed);
    for (const c of removed) this.seen.delete(c);
    this.delivered = this.delivered.filter((c) => !gone.has(c));
    return removed;
  }
}

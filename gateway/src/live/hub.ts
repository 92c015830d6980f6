/**
 * The per-process half of the live stream: it applies ordered batches of activity (from this process's source
 * or, with Redis, from the leader's) and delivers them to subscriptions.
 *
 * A subscription first replays its backlog from Postgres (rows after the client's cursor, up to the head the
 * hub had when the replay began) while live events that match it are queued; then, in one synchronous step, it
 * flushes the queue past its last sent cursor and joins the socket.io room of its filter. From then on one
 * room broadcast per event reaches every live subscription with that filter. Because the hub applies events
 * synchronously and Postgres is the source of truth, the handover leaves no gap and sends nothing twice.
 */
import { decodeCursor, encodeCursor } from '@skald/game';
import { type ActivityFrame, cursorBefore, type Filter, matches, type RetractReason } from '@skald/wire';
import type { StreamEvent } from '../events/activity.ts';
import type { ActivityRepository } from '../repositories/activity.ts';

/** Reorg checks look this many blocks back (twice Ponder's finality depth for chain 5611). */
export const WINDOW_BLOCKS = 64n;
const BACKLOG_PAGE = 500;
/** how often a replay waiting for held rows looks again */
const HELD_POLL_MS = 100;
/** longest a replay waits for the hub to reach a resume cursor beyond its head */
const AHEAD_WAIT_MS = 30_000;

/** Confirmed rows, in cursor order, from the indexer (and cursors a reorg removed from it). */
export type Batch = {
  events: StreamEvent[];
  retracted: string[];
  /** each event's row digest, in the order of `events` (what tells a re-written row from a replaced one) */
  digests?: string[];
  /**
   * Confirmed cursors the index has dropped while the chain still holds them (the indexer is writing them
   * again: crash recovery, a restart). Every batch of the source carries the whole set; see Source.
   */
  held?: string[];
};

/** What the hub remembers of a confirmed row: its transaction and its row digest (when known). */
export type Confirmed = { txHash: string; digest?: string };

export interface Transport {
  /** one frame to a room (a filter's room, or a socket's own room for its backlog) */
  emitFrame(room: string, frame: ActivityFrame): void;
  /** tell every socket these cursors were removed */
  emitRetract(cursors: string[], reason: RetractReason): void;
  join(socketId: string, room: string): void;
  leave(socketId: string, room: string): void;
}

/** A subscription's state, kept on its socket's data. */
export type Sub = {
  key: string;
  filter: Filter;
  live: boolean;
  /** last cursor sent while replaying the backlog */
  lastSent: string | null;
  queue: StreamEvent[];
  /** cursors at or below `lastSent` a reorg retracted during the replay: their replacements are still due */
  reopened?: Set<string>;
  /** the oldest cursor a reorg retracted during the replay: rows it inserted from there on are still due */
  reorgFrom?: string;
  /** bumped by every start and stop, so a replay that outlived its subscription stops sending */
  gen: number;
};

type LiveKey = { filter: Filter; refs: number };

/** A provisional event the indexer has not confirmed yet. */
type Pending = { txHash: string; blockNumber: bigint };

export const roomOf = (key: string) => `sub:${key}`;

/** Marks a cursor at or below what a replay sent as still due (a reorg retracted or inserted it). */
function reopen(sub: Sub, cursor: string): void {
  if (!sub.reopened) sub.reopened = new Set();
  sub.reopened.add(cursor);
}

export class Hub {
  /** newest confirmed cursor applied (null before the index has any activity) */
  head: string | null = null;
  /** cursor -> confirmed rows in the last WINDOW_BLOCKS blocks, for reorg detection */
  readonly window = new Map<string, Confirmed>();
  /** confirmed cursors the index dropped but the chain still holds (see Batch.held) */
  held = new Set<string>();
  /** cursor -> provisional event announced and not yet confirmed or retracted */
  readonly pending = new Map<string, Pending>();
  /** cursor -> txHash of confirmed rows the node has since reorganised away (the indexer will follow) */
  private readonly nodeRemoved = new Map<string, string>();
  private floor: string | null = null;
  private readonly liveKeys = new Map<string, LiveKey>();
  private readonly byEntity = new Map<string, Set<string>>();
  private readonly backlogs = new Set<{ socketId: string; sub: Sub }>();
  /** backlog pages being read, by rows asked for (sharedPage) */
  private readonly pageReads = new Map<string, Promise<StreamEvent[]>>();
  /** retractions so far: a shared backlog read is joined only within one */
  private reorgs = 0;
  delivered = 0;
  frames = 0;

  constructor(
    private readonly repo: ActivityRepository,
    private readonly transport: Transport,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /**
   * Starts from the index as it is: its head, and the confirmed rows of the reorg window. A hub without its
   * window would take every row below the head for one a reorg inserted, and send the whole window again.
   */
  async seed(): Promise<void> {
    this.head = await this.repo.head();
    this.window.clear();
    const start = this.windowStart();
    this.floor = start;
    if (start === null) return;
    for (const row of await this.repo.window(start, 50_000)) {
      this.window.set(row.cursor, { txHash: row.txHash, digest: row.digest });
      // A block committed between the two reads is in the window: the head must cover it too. The source reads
      // above the head and skips rows the window already holds, so those rows would reach no subscriber, and a
      // subscription replayed up to the older head would miss them.
      if (this.head === null || row.cursor > this.head) this.head = row.cursor;
    }
  }

  /**
   * The oldest cursor the window has followed since (it only moves forward): rows older than it were trimmed
   * or never read, so a window that reaches back below it after a retraction must not take them for rows a
   * reorg inserted.
   */
  windowFloor(): string | null {
    return this.floor;
  }

  /** The window's first cursor: where reorg checks start. */
  windowStart(): string | null {
    if (this.head === null) return null;
    const block = decodeCursor(this.head).blockNumber;
    return encodeCursor({ blockNumber: block > WINDOW_BLOCKS ? block - WINDOW_BLOCKS : 0n, logIndex: 0 });
  }

  /** Confirmed rows: one frame per subscription filter for the whole batch. */
  apply(batch: Batch): void {
    if (batch.held) this.held = new Set(batch.held);
    if (batch.retracted.length > 0) this.retract(batch.retracted);
    const frames = new Map<string, StreamEvent[]>();
    const replaced: string[] = [];
    for (const [i, event] of batch.events.entries()) {
      const digest = batch.digests?.[i];
      const known = this.window.get(event.cursor);
      if (known?.txHash === event.txHash && (known.digest ?? digest) === (digest ?? known.digest)) {
        // already applied (a repeated batch, or a row the indexer wrote again as it was)
        if (digest !== undefined) known.digest = digest;
        continue;
      }
      const pending = this.pending.get(event.cursor);
      if (pending) {
        this.pending.delete(event.cursor);
        // the fast lane announced another transaction at this cursor: that one is gone
        if (pending.txHash !== event.txHash) replaced.push(event.cursor);
      }
      this.window.set(event.cursor, { txHash: event.txHash, digest });
      if (this.head === null || event.cursor > this.head) this.head = event.cursor;
      this.collect(frames, event, false);
      for (const { sub } of this.backlogs) {
        if (!matches(sub.filter, event)) continue;
        if (sub.lastSent !== null && event.cursor <= sub.lastSent) {
          // the client has it, unless a reorg during the replay inserted it below what was sent
          if (sub.reorgFrom === undefined || event.cursor < sub.reorgFrom) continue;
          reopen(sub, event.cursor);
        }
        sub.queue.push(event);
      }
    }
    if (replaced.length > 0) this.transport.emitRetract(replaced, 'reorg');
    this.flush(frames);
    this.trimWindow();
  }

  /**
   * Events the fast lane decoded from the node before the indexer committed them: sent at once to every
   * subscription that is not confirmed-only, one frame per filter. A cursor already confirmed or already
   * announced with the same transaction is skipped.
   */
  applyProvisional(events: StreamEvent[]): StreamEvent[] {
    const frames = new Map<string, StreamEvent[]>();
    const sent: StreamEvent[] = [];
    const replaced: string[] = [];
    for (const event of events) {
      const confirmedTx = this.window.get(event.cursor)?.txHash;
      const orphaned = confirmedTx !== undefined && this.nodeRemoved.get(event.cursor) === confirmedTx;
      if (confirmedTx !== undefined && !orphaned) continue;
      // the indexer is past it already
      if (!orphaned && this.head !== null && event.cursor <= this.head) continue;
      const pending = this.pending.get(event.cursor);
      if (pending?.txHash === event.txHash) continue;
      if (pending) replaced.push(event.cursor); // the node replaced the block: withdraw the old event first
      this.pending.set(event.cursor, { txHash: event.txHash, blockNumber: BigInt(event.blockNumber) });
      const provisional: StreamEvent = { ...event, provisional: true };
      sent.push(provisional);
      this.collect(frames, provisional, true);
    }
    if (replaced.length > 0) this.transport.emitRetract(replaced.sort(), 'reorg');
    this.flush(frames);
    return sent;
  }

  /** Provisional cursors withdrawn (never confirmed in time). */
  retractProvisional(cursors: string[], reason: RetractReason): string[] {
    const gone = cursors.filter((c) => this.pending.delete(c));
    if (gone.length > 0) this.transport.emitRetract(gone.sort(), reason);
    return gone;
  }

  /**
   * Cursors the node reorganised away (a `removed: true` log or a replaced block), provisional or already
   * confirmed. Clients hear it at once; a confirmed row stays in the hub's window until the indexer's own
   * reorg removes or replaces it (the source then retracts it again, which clients ignore), so nothing the
   * index still holds is sent twice meanwhile.
   */
  retractFromNode(cursors: string[]): string[] {
    const gone: string[] = [];
    for (const cursor of cursors) {
      if (this.pending.delete(cursor)) gone.push(cursor);
      else {
        const tx = this.window.get(cursor)?.txHash;
        if (tx !== undefined && this.nodeRemoved.get(cursor) !== tx) {
          this.nodeRemoved.set(cursor, tx);
          gone.push(cursor);
        }
      }
    }
    if (gone.length > 0) this.transport.emitRetract(gone.sort(), 'reorg');
    return gone;
  }

  /** Provisional events the indexer has not confirmed within `blocks` blocks of `head` are withdrawn. */
  expireProvisional(head: bigint, blocks: number): string[] {
    const old: string[] = [];
    for (const [cursor, p] of this.pending) if (p.blockNumber + BigInt(blocks) <= head) old.push(cursor);
    return this.retractProvisional(old, 'unconfirmed');
  }

  private collect(frames: Map<string, StreamEvent[]>, event: StreamEvent, provisional: boolean): void {
    for (const key of this.candidates(event)) {
      const live = this.liveKeys.get(key);
      if (!live || (provisional && live.filter.confirmedOnly) || !matches(live.filter, event)) continue;
      let list = frames.get(key);
      if (!list) {
        list = [];
        frames.set(key, list);
      }
      list.push(event);
      this.delivered += live.refs;
    }
  }

  private flush(frames: Map<string, StreamEvent[]>): void {
    for (const [key, events] of frames) {
      this.transport.emitFrame(roomOf(key), { key, events });
      this.frames += 1;
    }
  }

  /**
   * Confirmed cursors whose block left the chain. Each is told to clients once: not again when the node's
   * evidence already retracted it. A subscription still replaying keeps what it sent; replacements at or
   * below its last sent cursor are still due (`reopened`).
   */
  private retract(cursors: string[]): void {
    this.reorgs += 1;
    const sorted = [...new Set(cursors)].sort();
    const gone = new Set(sorted);
    const tell: string[] = [];
    for (const cursor of sorted) {
      const known = this.window.get(cursor);
      if (!(known && this.nodeRemoved.get(cursor) === known.txHash)) tell.push(cursor);
      this.window.delete(cursor);
      this.nodeRemoved.delete(cursor);
      this.held.delete(cursor);
    }
    const first = sorted[0] as string;
    if (this.head !== null && this.head >= first) {
      let below: string | undefined;
      for (const c of this.window.keys()) if (c < first && (below === undefined || c > below)) below = c;
      this.head = below ?? cursorBefore(first);
    }
    for (const { sub } of this.backlogs) {
      sub.queue = sub.queue.filter((e) => !gone.has(e.cursor));
      if (sub.reorgFrom === undefined || first < sub.reorgFrom) sub.reorgFrom = first;
      for (const cursor of sorted) {
        if (sub.lastSent !== null && cursor <= sub.lastSent) reopen(sub, cursor);
      }
    }
    if (tell.length > 0) this.transport.emitRetract(tell, 'reorg');
  }

  private trimWindow(): void {
    const start = this.windowStart();
    if (start === null) return;
    if (this.floor === null || start > this.floor) this.floor = start;
    for (const cursor of this.window.keys()) {
      if (cursor >= start) break;
      this.window.delete(cursor);
      this.nodeRemoved.delete(cursor);
    }
    for (const cursor of this.held) if (cursor < start) this.held.delete(cursor);
  }

  private *candidates(event: StreamEvent): Iterable<string> {
    const seen = new Set<string>();
    const ids = [
      'topics',
      event.veraId && `v${event.veraId}`,
      event.clanId && `c${event.clanId}`,
      event.characterId && `k${event.characterId}`,
      event.otherCharacterId && `k${event.otherCharacterId}`,
    ];
    for (const id of ids) {
      if (!id) continue;
      for (const key of this.byEntity.get(id) ?? []) {
        if (seen.has(key)) continue;
        seen.add(key);
        yield key;
      }
    }
  }

  private entityOf(filter: Filter): string {
    if (filter.vera !== undefined) return `v${filter.vera}`;
    if (filter.clan !== undefined) return `c${filter.clan}`;
    if (filter.viking !== undefined) return `k${filter.viking}`;
    return 'topics';
  }

  /** Counts a live subscription for its filter's room. */
  addLiveRef(key: string, filter: Filter): void {
    const live = this.liveKeys.get(key);
    if (live) {
      live.refs += 1;
      return;
    }
    this.liveKeys.set(key, { filter, refs: 1 });
    const entity = this.entityOf(filter);
    let set = this.byEntity.get(entity);
    if (!set) {
      set = new Set();
      this.byEntity.set(entity, set);
    }
    set.add(key);
  }

  releaseLiveRef(key: string): void {
    const live = this.liveKeys.get(key);
    if (!live) return;
    live.refs -= 1;
    if (live.refs > 0) return;
    this.liveKeys.delete(key);
    const entity = this.entityOf(live.filter);
    this.byEntity.get(entity)?.delete(key);
    if (this.byEntity.get(entity)?.size === 0) this.byEntity.delete(entity);
  }

  liveSubscriptionCount(): number {
    let n = 0;
    for (const live of this.liveKeys.values()) n += live.refs;
    return n;
  }

  /**
   * Replays a subscription's backlog, then makes it live. `after` null means "from the head now". Resolves
   * when the subscription is live or was stopped; failed reads are reported and retried.
   */
  async start(socketId: string, sub: Sub): Promise<void> {
    const entry = { socketId, sub };
    const gen = ++sub.gen;
    const cancelled = () => sub.gen !== gen;
    sub.queue = [];
    sub.reopened = undefined;
    sub.reorgFrom = undefined;
    sub.live = false;
    if (sub.lastSent === null) sub.lastSent = this.head;
    this.backlogs.add(entry);
    const began = Date.now();
    try {
      for (;;) {
        // rows the index dropped and is writing again are not in Postgres now: replay up to them, then wait
        const upTo = this.replayLimit();
        while (!cancelled() && upTo !== null && (sub.lastSent === null || sub.lastSent < upTo)) {
          const from = sub.lastSent;
          const page = await this.retrying(() => this.sharedPage(sub, from, upTo), cancelled);
          if (page === null || cancelled()) break;
          this.sendBacklog(socketId, sub, page);
          if (page.length < BACKLOG_PAGE) break;
        }
        if (cancelled()) return;
        // a client that has seen more than this hub (the index is writing rows again after a restart) waits
        // for it, so those rows are not sent to it twice; a cursor that never comes (orphaned) stops waiting
        const ahead =
          sub.lastSent !== null &&
          this.head !== null &&
          sub.lastSent > this.head &&
          Date.now() - began < AHEAD_WAIT_MS;
        if (!this.heldAfter(sub.lastSent) && !ahead) break;
        await new Promise((r) => setTimeout(r, HELD_POLL_MS));
        if (cancelled()) return;
      }
      // synchronous handover: nothing can be applied between the flush and joining the room
      const last = sub.lastSent;
      const reopened = sub.reopened as Set<string> | undefined; // filled by apply and retract meanwhile
      this.sendBacklog(
        socketId,
        sub,
        sub.queue.filter((e) => last === null || e.cursor > last || reopened?.has(e.cursor)),
      );
      if (last !== null && sub.lastSent !== null && sub.lastSent < last) sub.lastSent = last;
      sub.queue = [];
      sub.reopened = undefined;
      sub.reorgFrom = undefined;
      sub.live = true;
      this.transport.join(socketId, roomOf(sub.key));
      this.addLiveRef(sub.key, sub.filter);
    } finally {
      this.backlogs.delete(entry);
    }
  }

  /**
   * One backlog page, read once for every replay asking for the same rows at the same time: after a gateway
   * dies, its clients reconnect to the others within a second, most of them at the same cursor, and each read
   * its backlog through the pool on its own (a thousand identical queries queued behind one another). A read is
   * shared only until the next reorg, so a replay that joins it is in `backlogs` for every retraction after
   * the read began, as one that read for itself would be.
   */
  private sharedPage(sub: Sub, from: string | null, upTo: string): Promise<StreamEvent[]> {
    const key = `${this.reorgs}\u0000${sub.key}\u0000${from ?? ''}\u0000${upTo}`;
    const shared = this.pageReads.get(key);
    if (shared) return shared;
    const read = this.repo.page(sub.filter, from, upTo, BACKLOG_PAGE);
    this.pageReads.set(key, read);
    const done = () => {
      if (this.pageReads.get(key) === read) this.pageReads.delete(key);
    };
    read.then(done, done);
    return read;
  }

  /** Where a replay may read up to now: the head, or just below the oldest held cursor. */
  private replayLimit(): string | null {
    let oldest: string | undefined;
    for (const c of this.held) if (oldest === undefined || c < oldest) oldest = c;
    if (oldest === undefined || this.head === null || oldest > this.head) return this.head;
    return cursorBefore(oldest);
  }

  private heldAfter(cursor: string | null): boolean {
    for (const c of this.held) if (cursor === null || c > cursor) return true;
    return false;
  }

  /** Postgres may be restarting: keep trying (the replay must not skip rows) until the subscription ends. */
  private async retrying<T>(read: () => Promise<T>, cancelled: () => boolean): Promise<T | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await read();
      } catch (error) {
        this.onError(error);
        if (cancelled()) return null;
        await new Promise((r) => setTimeout(r, Math.min(100 * 2 ** attempt, 3000)));
        if (cancelled()) return null;
      }
    }
  }

  private sendBacklog(socketId: string, sub: Sub, events: StreamEvent[]): void {
    const last = events.at(-1);
    if (!last) return;
    this.transport.emitFrame(socketId, { key: sub.key, events });
    sub.lastSent = last.cursor;
    this.delivered += events.length;
    this.frames += 1;
  }

  /** Ends a subscription: leaves its room or stops its replay. */
  stop(socketId: string, sub: Sub): void {
    sub.gen += 1;
    if (sub.live) {
      sub.live = false;
      this.transport.leave(socketId, roomOf(sub.key));
      this.releaseLiveRef(sub.key);
    }
  }
}

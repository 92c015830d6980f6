/**
 * Where live batches come from: LISTEN on Ponder's `<views_schema>_live_query` channel (fired after every
 * indexed block commits) and, on each notification, read what changed since the hub's head. Notifications can
 * coalesce or be lost while the connection is down, so the cursor query, not the notification, is the truth;
 * a slow timer and every (re)LISTEN also trigger a read.
 *
 * Confirmed is final. Each read compares the recent window with what the hub sent (cursor, transaction and a
 * digest of the whole row):
 * - a row that changed (another transaction, or the same one in another block) is retracted and its new
 *   version sent, once;
 * - a row that vanished is not retracted on that evidence alone: the indexer deletes rows it has confirmed
 *   when it recovers from a crash or a restart and writes them again. The chain decides (`chain`): a row whose
 *   transaction is no longer in that block of the canonical chain is retracted at once; one still there is
 *   held, and when it comes back unchanged nothing is sent. Held cursors travel with every batch so that
 *   every process (and the next leader) knows them; a replay waits for them (Hub.start).
 * - without a node to ask (or when it does not answer), a held row is retracted after `holdMs`.
 */
import { randomUUID } from 'node:crypto';
import { liveChannel, type SkaldDb } from '@skald/db';
import { decodeCursor } from '@skald/game';
import type { ActivityReads, ActivityRepository, StreamEventRow } from '../repositories/activity.ts';
import type { Batch, Hub } from './hub.ts';

const PAGE = 1000;

/** A confirmed row the index no longer holds: where it was and which transaction wrote it. */
export type VanishedRow = { cursor: string; txHash: string; blockNumber: bigint; logIndex: number };

/** Answers which vanished rows left the canonical chain; throws when it cannot tell. */
export type ChainCheck = (rows: VanishedRow[]) => Promise<Set<string>>;

export type SourceOptions = {
  db: SkaldDb;
  repo: ActivityRepository;
  hub: Hub;
  /** delivers a batch to every process (this one included) */
  publish: (batch: Batch) => void;
  /** safety-net read interval in ms (default 5000) */
  fallbackMs?: number;
  /** tells a reorg from the indexer writing rows again (default: none; held rows then wait `holdMs`) */
  chain?: ChainCheck;
  /** a held row neither back nor proven orphaned after this long is retracted (default 120000) */
  holdMs?: number;
  onError?: (error: unknown) => void;
};

export class Source {
  private running = false;
  private dirty = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private lastEcho = Date.now();
  private readonly pingChannel = `skald_gateway_ping_${randomUUID().replaceAll('-', '')}`;
  /** resolves when the current read finishes (tests and shutdown wait on it) */
  private current: Promise<void> = Promise.resolve();
  /** vanished rows the chain still holds: cursor -> when first seen missing */
  private readonly held = new Map<string, number>();

  constructor(private readonly options: SourceOptions) {}

  async start(): Promise<void> {
    if (this.options.hub.head === null) await this.options.hub.seed();
    await this.listen();
    const every = this.options.fallbackMs ?? 5000;
    this.timer = setInterval(() => void this.tick(every), every);
    this.timer.unref();
  }

  /**
   * postgres.js re-LISTENs once when its connection drops, and gives up if Postgres is still down at that
   * moment. So each tick also pings our own channel: no echo for a while means the LISTEN is gone, and we
   * subscribe again.
   */
  private async tick(every: number): Promise<void> {
    this.trigger();
    const { sql } = this.options.db;
    if (Date.now() - this.lastEcho > 3 * every) {
      await this.unlisten?.().catch(() => {});
      this.unlisten = undefined;
      await this.listen().catch((e) => this.options.onError?.(e));
    }
    await sql`select pg_notify(${this.pingChannel}, '')`.catch(() => {});
  }

  private async listen(): Promise<void> {
    const { sql, viewsSchema } = this.options.db;
    const echo = () => {
      this.lastEcho = Date.now();
    };
    const live = await sql.listen(
      liveChannel(viewsSchema),
      (payload) => {
        echo();
        if (payload === '' || payload.includes('activity')) this.trigger();
      },
      () => {
        echo();
        this.trigger(); // on every (re)connect: notifications may have been missed
      },
    );
    const ping = await sql.listen(this.pingChannel, echo);
    this.unlisten = async () => {
      await live.unlisten();
      await ping.unlisten();
    };
  }

  /** Coalesces: at most one read runs, and one more follows if anything arrived meanwhile. */
  trigger(): void {
    if (this.stopped) return;
    if (this.running) {
      this.dirty = true;
      return;
    }
    this.running = true;
    this.current = (async () => {
      try {
        do {
          this.dirty = false;
          await this.read();
        } while (this.dirty && !this.stopped);
      } catch (error) {
        this.options.onError?.(error);
      } finally {
        this.running = false;
      }
    })();
  }

  /** Waits for the read in progress (if any). */
  settled(): Promise<void> {
    return this.current;
  }

  /**
   * One read runs on one snapshot of the index: the indexer commits a reorg's removal and the replacement
   * blocks separately, and a read that saw the removal in its window but the replacement in its page would
   * send a replacement before the retraction of the rows it replaces.
   */
  private read(): Promise<void> {
    return this.options.repo.snapshot((reads) => this.readFrom(reads));
  }

  private async readFrom(repo: ActivityReads): Promise<void> {
    const { hub, publish } = this.options;
    const retracted: string[] = [];
    const replaced: string[] = [];
    const heldBefore = [...this.held.keys()].sort().join();
    const start = hub.windowStart();
    if (start !== null && hub.window.size > 0) {
      const rows = await repo.window(start, 50_000);
      const now = new Map(rows.map((r) => [r.cursor, r]));
      const vanished: VanishedRow[] = [];
      for (const [cursor, known] of hub.window) {
        if (cursor < start) continue;
        const current = now.get(cursor);
        if (current === undefined) {
          const { blockNumber, logIndex } = decodeCursor(cursor);
          vanished.push({ cursor, txHash: known.txHash, blockNumber, logIndex });
          continue;
        }
        this.held.delete(cursor); // back (or never gone)
        const changed =
          current.txHash !== known.txHash || (known.digest !== undefined && current.digest !== known.digest);
        if (changed) {
          retracted.push(cursor);
          replaced.push(cursor);
        }
      }
      retracted.push(...(await this.orphaned(vanished)));
      // a reorg can also insert rows below the head that were never seen (within the window the hub followed)
      const floor = hub.windowFloor();
      for (const row of rows) {
        if (hub.head === null || row.cursor > hub.head || hub.window.has(row.cursor)) continue;
        if (floor === null || row.cursor >= floor) replaced.push(row.cursor);
      }
    }
    for (const cursor of this.held.keys()) if (start === null || cursor < start) this.held.delete(cursor);
    let rows: StreamEventRow[] =
      replaced.length > 0 ? await repo.confirmed({ cursors: [...new Set(replaced)] }) : [];
    let after = hub.head;
    let heldChanged = [...this.held.keys()].sort().join() !== heldBefore;
    // rows above the head, oldest first, a page per batch so a long catch-up never sits in memory
    for (;;) {
      const page = await repo.confirmed({ after, limit: PAGE });
      rows.push(...page);
      if (rows.length > 0 || retracted.length > 0 || heldChanged) {
        rows.sort((a, b) => (a.event.cursor < b.event.cursor ? -1 : a.event.cursor > b.event.cursor ? 1 : 0));
        publish({
          events: rows.map((r) => r.event),
          digests: rows.map((r) => r.digest),
          retracted: retracted.splice(0),
          held: [...this.held.keys()].sort(),
        });
        heldChanged = false;
      }
      if (page.length < PAGE || this.stopped) return;
      after = page.at(-1)?.event.cursor ?? after;
      rows = [];
    }
  }

  /**
   * Of the rows that vanished from the index, those to retract: the ones the chain no longer holds there.
   * The others are held until they come back. If the chain cannot be asked, rows are held, and retracted
   * once held longer than `holdMs`.
   */
  private async orphaned(vanished: VanishedRow[]): Promise<string[]> {
    const out: string[] = [];
    if (vanished.length === 0) return out;
    let gone: Set<string> | null = null;
    if (this.options.chain) {
      try {
        gone = await this.options.chain(vanished);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
    const now = Date.now();
    const holdMs = this.options.holdMs ?? 120_000;
    for (const row of vanished) {
      const since = this.held.get(row.cursor) ?? now;
      if (gone?.has(row.cursor) || now - since >= holdMs) {
        this.held.delete(row.cursor);
        out.push(row.cursor);
      } else this.held.set(row.cursor, since);
    }
    return out;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.unlisten?.().catch(() => {});
    await this.current;
  }
}

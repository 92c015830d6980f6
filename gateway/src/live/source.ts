/**
 * Where live batches come from: LISTEN on Ponder's `<views_schema>_live_query` channel (fired after every
 * indexed block commits) and, on each notification, read what changed since the hub's head. Notifications can
 * coalesce or be lost while the connection is down, so the cursor query, not the notification, is the truth;
 * a slow timer and every (re)LISTEN also trigger a read. Rows that vanished from the recent window (a reorg)
 * are reported as retracted.
 */
import { randomUUID } from 'node:crypto';
import { liveChannel, type SkaldDb } from '@skald/db';
import type { ActivityRepository } from '../repositories/activity.ts';
import type { Batch, Hub } from './hub.ts';

const PAGE = 1000;

export type SourceOptions = {
  db: SkaldDb;
  repo: ActivityRepository;
  hub: Hub;
  /** delivers a batch to every process (this one included) */
  publish: (batch: Batch) => void;
  /** safety-net read interval in ms (default 5000) */
  fallbackMs?: number;
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

  private async read(): Promise<void> {
    const { hub, repo, publish } = this.options;
    const retracted: string[] = [];
    const replaced: string[] = [];
    const start = hub.windowStart();
    if (start !== null && hub.window.size > 0) {
      const rows = await repo.window(start, 50_000);
      const now = new Map(rows.map((r) => [r.cursor, r.txHash]));
      for (const [cursor, tx] of hub.window) {
        if (cursor < start) continue;
        const current = now.get(cursor);
        if (current === undefined) retracted.push(cursor);
        else if (current !== tx) {
          retracted.push(cursor);
          replaced.push(cursor);
        }
      }
      // a reorg can also insert rows below the head that were never seen
      for (const row of rows) {
        if (hub.head !== null && row.cursor <= hub.head && !hub.window.has(row.cursor))
          replaced.push(row.cursor);
      }
    }
    let events = replaced.length > 0 ? await repo.byCursors([...new Set(replaced)]) : [];
    let after = hub.head;
    // rows above the head, oldest first, a page per batch so a long catch-up never sits in memory
    for (;;) {
      const page = await repo.page(null, after, null, PAGE);
      events.push(...page);
      if (events.length > 0 || retracted.length > 0) {
        events.sort((a, b) => (a.cursor < b.cursor ? -1 : a.cursor > b.cursor ? 1 : 0));
        publish({ events, retracted: retracted.splice(0) });
      }
      if (page.length < PAGE || this.stopped) return;
      after = page.at(-1)?.cursor ?? after;
      events = [];
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.unlisten?.().catch(() => {});
    await this.current;
  }
}

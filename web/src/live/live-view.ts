/**
 * The one way a page shows data and then follows the stream: history + stream + pause buffer + retractions.
 *
 * A page renders what its loader read (the server's HTML carries it), then listens. The subscription starts
 * after the cursor that data was read at (`from`: a REST answer's `asOf`, or the newest row shown), never "from
 * now", so the rows shown first and the events streamed after them are the database with no gap and, since rows
 * are kept by cursor, no duplicate. A provisional event is replaced in place by its confirmation; a retracted
 * one leaves (and is counted). While paused, frames wait in a buffer that resuming applies.
 *
 * Frames are applied in batches before a paint, at most one batch per LIVE_SPACING_MS (frame-batch.ts): the
 * frames that arrive in between join the rows in one step and the page renders once for them, whatever their
 * number.
 *
 * Data without rows (a leaderboard, a clan, a battle, the audit's "N new" count) uses the same view with
 * `keep: 0`: `onConfirmed` hears every confirmed event after `from` (the page refetches what it shows), and
 * `onLive` hears that the subscription is acknowledged (data with no cursor at all refetches once then, so the
 * stream covers everything after its read).
 */
import { addEvents, emptyFeed, FEED_CAP, type Feed, retractEvents } from './feed.ts';
import { beforeNextLivePaint, beforeNextPaint } from './frame-batch.ts';
import { type LiveStatus, type LiveSubscription, subscribeLive } from './live-client.ts';
import type { ActivityEvent, RetractReason, SubscribeRequest } from './protocol.ts';

export type LiveViewOptions = {
  request: Omit<SubscribeRequest, 'after'>;
  /**
   * The cursor the shown data was read at: the stream starts after it. Undefined: after the newest history
   * row, or from the server's head when there is none.
   */
  from?: string | null;
  /** rows already shown (any order) */
  history?: readonly ActivityEvent[];
  /** how many rows are kept, newest first (0: none, the view only calls back) */
  keep?: number;
  /** every confirmed event after `from`, a frame at a time (also while paused) */
  onConfirmed?(events: ActivityEvent[]): void;
  /** the subscription is acknowledged by the server (again after each reconnect) */
  onLive?(): void;
  onRetracted?(cursors: string[], reason: RetractReason): void;
};

export type LiveViewState = Feed & {
  status: LiveStatus;
  paused: boolean;
  /** events held while paused */
  waiting: number;
};

/** Where a view over `history` read at `asOf` starts: the read's cursor, else the newest row shown. */
export function startCursor(
  asOf: string | null | undefined,
  history: readonly ActivityEvent[] = [],
): string | undefined {
  if (asOf) return asOf;
  let newest: string | undefined;
  for (const e of history)
    if (!e.provisional && (newest === undefined || e.cursor > newest)) newest = e.cursor;
  return newest;
}

export class LiveView {
  private state: LiveViewState;
  private readonly listeners = new Set<() => void>();
  private buffer: ActivityEvent[] = [];
  /** frames received since the last paint, in order (applied together before the next one) */
  private incoming: ActivityEvent[] = [];
  private notifying = false;
  private subscription: LiveSubscription | undefined;
  private readonly keep: number;

  constructor(private options: LiveViewOptions) {
    this.keep = options.keep ?? FEED_CAP;
    const feed = this.keep > 0 ? addEvents(emptyFeed, options.history ?? [], this.keep) : emptyFeed;
    this.state = { ...feed, status: 'connecting', paused: false, waiting: 0 };
  }

  /** The latest options: callbacks always, where to start only until the subscription is open. */
  setOptions(options: LiveViewOptions): void {
    this.options = this.subscription
      ? {
          ...this.options,
          onConfirmed: options.onConfirmed,
          onLive: options.onLive,
          onRetracted: options.onRetracted,
        }
      : options;
  }

  getState = (): LiveViewState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The new state; its listeners hear of it before the next paint (one render for everything until then). */
  private set(next: Partial<LiveViewState>): void {
    this.state = { ...this.state, ...next };
    if (this.notifying) return;
    this.notifying = true;
    beforeNextPaint(this.notify);
  }

  private readonly notify = (): void => {
    this.notifying = false;
    for (const l of this.listeners) l();
  };

  /** Opens the subscription after the shown data's cursor (browser only). */
  start(): void {
    if (this.subscription) return;
    const after = startCursor(this.options.from, this.options.history);
    this.subscription = subscribeLive(
      this.options.request,
      {
        onFrame: (events) => this.onFrame(events),
        onRetract: (cursors, reason) => this.onRetract(cursors, reason),
        onStatus: (status) => this.set({ status }),
        onLive: () => this.options.onLive?.(),
      },
      after,
    );
  }

  stop(): void {
    this.subscription?.close();
    this.subscription = undefined;
  }

  /** More rows read later (e.g. history for another filter) join the view. */
  addHistory(items: readonly ActivityEvent[]): void {
    if (this.keep === 0 || items.length === 0) return;
    const feed = addEvents(this.state, items, this.keep);
    if (feed !== this.state) this.set(feed);
  }

  private onFrame(events: ActivityEvent[]): void {
    const confirmed = events.filter((e) => !e.provisional);
    if (confirmed.length > 0) this.options.onConfirmed?.(confirmed);
    if (this.keep === 0) return;
    if (this.state.paused) {
      this.buffer.push(...events);
      this.set({ waiting: this.buffer.length });
      return;
    }
    this.incoming.push(...events);
    if (this.incoming.length === events.length) beforeNextLivePaint(this.applyIncoming);
  }

  /** The frames received since the last paint join the rows, in one step. */
  private readonly applyIncoming = (): void => {
    if (this.incoming.length === 0) return;
    const events = this.incoming;
    this.incoming = [];
    const feed = addEvents(this.state, events, this.keep);
    if (feed !== this.state) this.set(feed);
  };

  private onRetract(cursors: string[], reason: RetractReason): void {
    this.options.onRetracted?.(cursors, reason);
    if (this.keep === 0) return;
    // what arrived before the retraction is applied first (a retraction may name it)
    this.applyIncoming();
    const gone = new Set(cursors);
    this.buffer = this.buffer.filter((e) => !gone.has(e.cursor));
    // the note counts rows that left the screen; held events were never shown
    this.set({ ...retractEvents(this.state, cursors), waiting: this.buffer.length });
  }

  setPaused(paused: boolean): void {
    if (paused === this.state.paused) return;
    if (paused) {
      // frames that arrived before the pause are shown; the ones after it wait
      this.applyIncoming();
      this.set({ paused: true });
      return;
    }
    const flushed = this.buffer;
    this.buffer = [];
    const feed = addEvents(this.state, flushed, this.keep);
    this.set({ ...feed, paused: false, waiting: 0 });
  }

  togglePause(): void {
    this.setPaused(!this.state.paused);
  }
}

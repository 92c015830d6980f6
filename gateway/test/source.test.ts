/**
 * The source and hub over an in-memory index (the real indexer is exercised by exactly-once.test.ts): rows the
 * indexer deletes and writes again are neither retracted nor resent, rows whose block left the chain are
 * retracted and their replacements sent once, and a second process taking over the source replays nothing.
 */
import { encodeCursor } from '@skald/game';
import type { ActivityFrame, RetractReason } from '@skald/wire';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../src/events/activity.ts';
import { type Batch, Hub, type Sub, type Transport } from '../src/live/hub.ts';
import { type ChainCheck, Source } from '../src/live/source.ts';
import type { ActivityRepository } from '../src/repositories/activity.ts';

type Row = { event: StreamEvent; digest: string };

const row = (block: number, tx = block, payload: Record<string, unknown> = {}): Row => ({
  event: {
    cursor: encodeCursor({ blockNumber: BigInt(block), logIndex: 0 }),
    type: 'grant',
    kind: 'Granted',
    blockNumber: String(block),
    logIndex: 0,
    txHash: `0x${tx.toString(16).padStart(64, '0')}`,
    timestamp: 1_800_000_000 + block,
    payload,
  },
  digest: `${tx}:${JSON.stringify(payload)}`,
});
const cursor = (block: number) => encodeCursor({ blockNumber: BigInt(block), logIndex: 0 });
const blocks = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The index: rows in cursor order, which the test deletes and writes as the indexer would. */
function index(initial: Row[]) {
  let rows = [...initial];
  const repo = {
    ...readsOver(() => rows),
    snapshot: <T>(read: (r: unknown) => Promise<T>) => {
      // a snapshot: every query of the read sees the rows as they were when it began
      const frozen = [...rows];
      return read(readsOver(() => frozen));
    },
  };
  return {
    repo: repo as unknown as ActivityRepository,
    drop: (from: number) => {
      rows = rows.filter((r) => Number(r.event.blockNumber) < from);
    },
    write: (...more: Row[]) => rows.push(...more),
  };
}

function readsOver(current: () => Row[]) {
  const sorted = () => [...current()].sort((a, b) => (a.event.cursor < b.event.cursor ? -1 : 1));
  return {
    async head() {
      return sorted().at(-1)?.event.cursor ?? null;
    },
    async window(from: string, limit: number) {
      return sorted()
        .filter((r) => r.event.cursor >= from)
        .slice(0, limit)
        .map((r) => ({ cursor: r.event.cursor, txHash: r.event.txHash, digest: r.digest }));
    },
    async confirmed(where: { after: string | null; limit: number } | { cursors: string[] }) {
      if ('cursors' in where) return sorted().filter((r) => where.cursors.includes(r.event.cursor));
      return sorted()
        .filter((r) => where.after === null || r.event.cursor > where.after)
        .slice(0, where.limit);
    },
    async page(_filter: unknown, after: string | null, upTo: string | null, limit: number) {
      return sorted()
        .map((r) => r.event)
        .filter((e) => (after === null || e.cursor > after) && (upTo === null || e.cursor <= upTo))
        .slice(0, limit);
    },
  };
}

function recorder() {
  const frames: ActivityFrame[] = [];
  const retracted: string[] = [];
  const transport: Transport = {
    emitFrame: (_room, frame) => frames.push(frame),
    emitRetract: (cursors: string[], _reason: RetractReason) => retracted.push(...cursors),
    join: () => {},
    leave: () => {},
  };
  return { frames, retracted, transport, sent: () => frames.flatMap((f) => f.events.map((e) => e.cursor)) };
}

const liveSub = (key = 'all'): Sub => ({
  key,
  filter: { topics: ['all'] },
  live: false,
  lastSent: null,
  queue: [],
  gen: 0,
});

/** A source over `hub` publishing to every hub given (the Redis adapter's job in production). */
function source(
  repo: ActivityRepository,
  hub: Hub,
  hubs: Hub[],
  chain?: ChainCheck,
  holdMs?: number,
  batches: Batch[] = [],
) {
  const db = { sql: {}, viewsSchema: 'skald' } as never;
  const s = new Source({
    db,
    repo,
    hub,
    chain,
    holdMs,
    publish: (batch) => {
      batches.push(batch);
      for (const h of hubs) h.apply(JSON.parse(JSON.stringify(batch)) as Batch);
    },
  });
  return {
    s,
    batches,
    read: async () => {
      s.trigger();
      await s.settled();
    },
  };
}

/** The node: which transactions are on the canonical chain, by cursor. */
const chainWithout =
  (gone: Set<string>): ChainCheck =>
  async (rows) =>
    new Set(rows.filter((r) => gone.has(r.cursor)).map((r) => r.cursor));

describe('source: confirmed is final', () => {
  it('neither retracts nor resends rows the indexer deletes and writes again, and a replay waits for them', async () => {
    const db = index(blocks(1, 10).map((b) => row(b)));
    const out = recorder();
    const hub = new Hub(db.repo, out.transport);
    await hub.seed();
    const live = liveSub();
    await hub.start('a', live); // live from block 10
    const src = source(db.repo, hub, [hub], chainWithout(new Set()));

    db.drop(6); // crash recovery: blocks 6.. deleted, to be indexed again
    await src.read();
    expect(out.retracted).toEqual([]);
    expect([...hub.held].sort()).toEqual(blocks(6, 10).map(cursor));

    // a client resuming after block 3 while the rows are away: it must not skip them
    const resuming: Sub = { ...liveSub('all'), lastSent: cursor(3) };
    const replay = hub.start('b', resuming);
    await new Promise((r) => setTimeout(r, 250));
    db.write(...blocks(6, 10).map((b) => row(b)), row(11));
    await src.read();
    await replay;

    expect(out.retracted).toEqual([]);
    expect(hub.held.size).toBe(0);
    // live: only the new block; the resuming client: 4..11, each once
    const frames = out.frames.map((f) => f.events.map((e) => Number(e.blockNumber)));
    expect(frames.flat().filter((b) => b <= 10)).toEqual(blocks(4, 10));
    expect(frames.flat().filter((b) => b === 11)).toEqual([11, 11]);
  });

  it('retracts the rows whose block left the chain and sends each replacement once', async () => {
    const db = index(blocks(1, 10).map((b) => row(b)));
    const out = recorder();
    const hub = new Hub(db.repo, out.transport);
    await hub.seed();
    await hub.start('a', liveSub());
    const src = source(db.repo, hub, [hub], chainWithout(new Set([cursor(9), cursor(10)])));

    db.drop(9); // the indexer follows a reorg of depth 2: block 9 now holds another transaction
    await src.read();
    expect(out.retracted.sort()).toEqual([cursor(9), cursor(10)]);
    db.write(row(9, 909), row(10, 10, { changed: true }), row(11, 911));
    await src.read();
    await src.read();
    expect(out.sent()).toEqual([cursor(9), cursor(10), cursor(11)]);
    expect(out.frames.flatMap((f) => f.events.map((e) => e.txHash))[0]).toBe(row(9, 909).event.txHash);
    expect(out.retracted.sort()).toEqual([cursor(9), cursor(10)]);
  });

  it('sends no replacement before the retraction of the rows it replaces, when the indexer commits mid-read', async () => {
    const db = index(blocks(1, 10).map((b) => row(b)));
    const out = recorder();
    const order: string[] = [];
    out.transport.emitFrame = (_room, frame) => {
      out.frames.push(frame);
      for (const e of frame.events) order.push(`event ${e.cursor}`);
    };
    out.transport.emitRetract = (cursors) => {
      for (const c of cursors) order.push(`retract ${c}`);
    };
    const hub = new Hub(db.repo, out.transport);
    await hub.seed();
    await hub.start('a', liveSub());
    // the indexer removes blocks 9 and 10 (a reorg), and commits their replacements while the source asks the
    // node about the removed rows: between the source's window query and its page query
    const gone = chainWithout(new Set([cursor(9), cursor(10)]));
    const src = source(db.repo, hub, [hub], async (rows) => {
      db.write(row(9, 909), row(10, 910), row(11, 911));
      return gone(rows);
    });
    db.drop(9);
    await src.read();
    await src.read();
    expect(order).toEqual([
      `retract ${cursor(9)}`,
      `retract ${cursor(10)}`,
      `event ${cursor(9)}`,
      `event ${cursor(10)}`,
      `event ${cursor(11)}`,
    ]);
  });

  it('retracts a changed row (same transaction, other content) and sends the new one once', async () => {
    const db = index(blocks(1, 5).map((b) => row(b)));
    const out = recorder();
    const hub = new Hub(db.repo, out.transport);
    await hub.seed();
    await hub.start('a', liveSub());
    const src = source(db.repo, hub, [hub], chainWithout(new Set()));
    db.drop(5);
    db.write(row(5, 5, { stats: 'rerolled' }));
    await src.read();
    await src.read();
    expect(out.retracted).toEqual([cursor(5)]);
    expect(out.sent()).toEqual([cursor(5)]);
  });

  it('does not take rows below the window it followed for rows a reorg inserted', async () => {
    const db = index([row(35), row(99), row(100)]);
    const out = recorder();
    const hub = new Hub(db.repo, out.transport);
    await hub.seed(); // head 100: the window starts at block 36
    await hub.start('a', liveSub());
    const src = source(db.repo, hub, [hub], chainWithout(new Set([cursor(100)])));
    db.drop(100);
    await src.read(); // the head moves back below block 100: the window now reaches block 35
    db.write(row(100, 1100));
    await src.read();
    await src.read();
    expect(out.retracted).toEqual([cursor(100)]);
    expect(out.sent()).toEqual([cursor(100)]);
  });

  it('a gateway started while the index writes rows again does not resend them to a client that had them', async () => {
    const db = index(blocks(1, 5).map((b) => row(b))); // blocks 6..10 deleted by the indexer's recovery
    const out = recorder();
    const hub = new Hub(db.repo, out.transport);
    await hub.seed();
    const src = source(db.repo, hub, [hub], chainWithout(new Set()));
    // the client held everything up to block 10 before the restart
    const resuming: Sub = { ...liveSub(), lastSent: cursor(10) };
    const replay = hub.start('a', resuming);
    await new Promise((r) => setTimeout(r, 150));
    db.write(...blocks(6, 10).map((b) => row(b)), row(11));
    await src.read();
    await replay;
    db.write(row(12));
    await src.read();
    expect(out.sent()).toEqual([cursor(11), cursor(12)]);
  });

  it('without a node, holds a vanished row for holdMs, then retracts it', async () => {
    const db = index(blocks(1, 5).map((b) => row(b)));
    const out = recorder();
    const hub = new Hub(db.repo, out.transport);
    await hub.seed();
    const src = source(db.repo, hub, [hub], undefined, 200);
    db.drop(5);
    await src.read();
    expect(out.retracted).toEqual([]);
    await new Promise((r) => setTimeout(r, 250));
    await src.read();
    expect(out.retracted).toEqual([cursor(5)]);
  });

  it('a second process taking over the source (leader hand-over) replays nothing while rows are held', async () => {
    const db = index(blocks(1, 10).map((b) => row(b)));
    const outA = recorder();
    const outB = recorder();
    const hubA = new Hub(db.repo, outA.transport);
    const hubB = new Hub(db.repo, outB.transport);
    await hubA.seed();
    await hubB.seed();
    await hubA.start('a', liveSub());
    await hubB.start('b', liveSub());
    const canonical = chainWithout(new Set());
    const a = source(db.repo, hubA, [hubA, hubB], canonical);
    db.write(row(11));
    await a.read();
    db.drop(7); // the indexer restarts while A leads
    await a.read();
    expect(hubB.held.size).toBe(5);
    await a.s.stop(); // A dies; B is elected
    const b = source(db.repo, hubB, [hubA, hubB], canonical);
    await b.read();
    db.write(...blocks(7, 11).map((n) => row(n)), row(12));
    await b.read();
    for (const out of [outA, outB]) {
      expect(out.sent()).toEqual([cursor(11), cursor(12)]);
      expect(out.retracted).toEqual([]);
    }
  });
});

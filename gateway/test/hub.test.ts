/**
 * The hub alone, over an in-memory activity log (the database side is covered by live.test.ts): what a hub
 * seeded while the indexer commits gives its subscriptions.
 */
import { encodeCursor } from '@skald/game';
import type { ActivityFrame } from '@skald/wire';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../src/events/activity.ts';
import { Hub, type Sub, type Transport } from '../src/live/hub.ts';
import type { ActivityRepository } from '../src/repositories/activity.ts';

const event = (block: number, logIndex = 0): StreamEvent => ({
  cursor: encodeCursor({ blockNumber: BigInt(block), logIndex }),
  type: 'grant',
  kind: 'Granted',
  blockNumber: String(block),
  logIndex,
  txHash: `0x${block.toString(16).padStart(64, '0')}`,
  timestamp: 1_800_000_000 + block,
  payload: {},
});

/** An activity log that the indexer appends to; `afterHead` runs once, right after the head is read. */
function activityLog(rows: StreamEvent[], afterHead: () => void) {
  let headRead = false;
  const repo = {
    async head() {
      const head = rows.at(-1)?.cursor ?? null;
      if (!headRead) {
        headRead = true;
        afterHead();
      }
      return head;
    },
    async window(from: string, limit: number) {
      return rows
        .filter((r) => r.cursor >= from)
        .slice(0, limit)
        .map((r) => ({ cursor: r.cursor, txHash: r.txHash }));
    },
    async page(_filter: unknown, after: string | null, upTo: string | null, limit: number) {
      return rows
        .filter((r) => (after === null || r.cursor > after) && (upTo === null || r.cursor <= upTo))
        .slice(0, limit);
    },
  };
  return repo as unknown as ActivityRepository;
}

function recordingTransport() {
  const frames: ActivityFrame[] = [];
  const transport: Transport = {
    emitFrame: (_room, frame) => frames.push(frame),
    emitRetract: () => {},
    join: () => {},
    leave: () => {},
  };
  return { frames, transport };
}

/** A subscription to every event, resuming after `lastSent`. */
const resumingAll = (lastSent: string): Sub => ({
  key: 'all',
  filter: { topics: ['all'] },
  live: false,
  lastSent,
  queue: [],
  gen: 0,
});

describe('hub', () => {
  it('seeded while a block commits, it replays that block to a resuming subscription and does not skip it live', async () => {
    const rows = [event(1), event(2), event(3)];
    // the indexer commits blocks 4 and 5 between the hub's head and window reads
    const repo = activityLog(rows, () => rows.push(event(4), event(4, 1), event(5)));
    const { frames, transport } = recordingTransport();
    const hub = new Hub(repo, transport);
    await hub.seed();
    expect(hub.head).toBe(event(5).cursor);

    const sub = resumingAll(event(2).cursor);
    await hub.start('socket', sub);
    // the source then reads above the head: block 6
    rows.push(event(6));
    hub.apply({ events: [event(6)], retracted: [] });
    const received = frames.flatMap((f) => f.events.map((e) => e.cursor));
    expect(received).toEqual([event(3), event(4), event(4, 1), event(5), event(6)].map((e) => e.cursor));
  });

  it('a reconnect storm at one cursor reads each backlog page once, and a reorg ends the sharing', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => event(i + 1));
    const repo = activityLog(rows, () => {});
    let reads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const page = repo.page.bind(repo);
    // every read waits at the gate, as reads do behind a busy pool
    repo.page = (async (...args: Parameters<typeof repo.page>) => {
      reads += 1;
      await gate;
      return page(...args);
    }) as typeof repo.page;
    const { frames, transport } = recordingTransport();
    const hub = new Hub(repo, transport);
    await hub.seed();
    const sub = () => resumingAll(event(20).cursor);
    // 1,000 clients resume from the same cursor at once: one read
    const first = Array.from({ length: 1000 }, (_, i) => hub.start(`socket-${i}`, sub()));
    await new Promise((r) => setTimeout(r, 10));
    expect(reads).toBe(1);
    // a reorg (block 30 retracted) while they wait: a replay that starts now reads for itself
    rows.pop();
    hub.apply({ events: [], retracted: [event(30).cursor] });
    const late = hub.start('socket-late', sub());
    await new Promise((r) => setTimeout(r, 10));
    expect(reads).toBe(2);
    release();
    await Promise.all([...first, late]);
    // every client got its backlog, whole
    const backlog = frames.filter((f) => f.events[0]?.cursor === event(21).cursor);
    expect(backlog).toHaveLength(1001);
    expect(backlog[0]?.events.map((e) => e.cursor)).toContain(event(29).cursor);
  });
});

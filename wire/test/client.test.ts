/**
 * The live client against a real socket.io server that plays the gateway's part by script: de-duplication by
 * cursor, provisional -> confirmed upgrades, resume cursors that only confirmed events move, retractions, and
 * one server subscription per filter.
 */
import type { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActivityEvent, connectLive, type RetractReason, type SubscribeRequest } from '../src/index.ts';
import { cursor, event, serveLive, until } from './fixtures/live-server.ts';

let io: Server;
let url: string;
const subscribes: SubscribeRequest[] = [];

beforeAll(async () => {
  ({ io, url } = await serveLive((_socket, request, ack) => {
    subscribes.push(request);
    ack({ ok: true, key: 'mint||||', head: cursor(1) });
  }));
});

afterAll(async () => {
  await io.close();
});

describe('live client', () => {
  it('shows each cursor once as provisional and once as confirmed, and resumes from confirmed only', async () => {
    subscribes.length = 0;
    const client = connectLive(url);
    await new Promise<void>((r) => client.socket.once('connect', () => r()));
    const got: ActivityEvent[] = [];
    const retracted: [string[], RetractReason][] = [];
    const handlers = {
      onEvent: (e: ActivityEvent) => got.push(e),
      onRetract: (c: string[], r: RetractReason) => retracted.push([c, r]),
    };
    const sub = await client.subscribe({ topics: ['mint'] }, handlers);
    const second = await client.subscribe({ topics: ['mint'] }, { onEvent: () => {} });
    expect(subscribes).toHaveLength(1); // same filter: one server subscription
    expect(sub.lastCursor()).toBe(cursor(1)); // the server's head
    const frame = (events: ActivityEvent[]) => io.emit('frame', { key: 'mint||||', events });

    frame([event(2, true), event(3, true)]);
    frame([event(2, true)]); // repeated: dropped
    await until(() => got.length === 2);
    expect(sub.lastCursor()).toBe(cursor(1));
    frame([event(2)]); // the upgrade
    frame([event(2)]); // repeated: dropped
    await until(() => got.length === 3);
    expect(got.map((e) => [e.cursor, e.provisional ?? false])).toEqual([
      [cursor(2), true],
      [cursor(3), true],
      [cursor(2), false],
    ]);
    expect(sub.lastCursor()).toBe(cursor(2));

    io.emit('retract', { cursors: [cursor(3)], reason: 'unconfirmed' });
    await until(() => retracted.length === 1);
    expect(retracted[0]).toEqual([[cursor(3)], 'unconfirmed']);
    expect(sub.lastCursor()).toBe(cursor(2)); // a provisional retraction leaves the resume point alone
    io.emit('retract', { cursors: [cursor(2)], reason: 'reorg' });
    await until(() => retracted.length === 2);
    expect(sub.lastCursor()).toBe(`${String(1).padStart(20, '0')}-999999`); // rewound before the reorg

    await second.unsubscribe();
    await sub.unsubscribe();
    client.close();
  }, 20_000);
});

/**
 * The live client resuming from a page's cursor, against a real socket.io server scripted as the gateway:
 * a listener that restarts its group's replay from an older cursor takes no frame of the old replay still on
 * the way (it would move its resume point past the rows it needs), and a resume point older than the server
 * replays from (`resume-too-old`) is filled from the REST history before the subscription resumes after it.
 */
import type { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { connectLive, type HistoryReader, historyParams, type SubscribeRequest } from '../src/index.ts';
import { cursor, event, type OnSubscribe, serveLive, until } from './fixtures/live-server.ts';

const KEY = 'mint||||';
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i));

let io: Server | undefined;
async function serve(script: OnSubscribe, port?: number): Promise<string> {
  const served = await serveLive(script, port);
  io = served.io;
  return served.url;
}

afterEach(async () => {
  await io?.close();
  io = undefined;
});

describe('live client resuming from a cursor', () => {
  it('a listener restarting the replay from an older cursor skips frames of the old replay', async () => {
    const requests: SubscribeRequest[] = [];
    const url = await serve((socket, request, ack) => {
      requests.push(request);
      if (request.after === undefined) return ack({ ok: true, key: KEY, head: cursor(10) });
      // a live frame of the old subscription was already on the way, then the restart's ack and its backlog
      socket.emit('frame', { key: KEY, events: [event(11)] });
      ack({ ok: true, key: KEY, head: cursor(11) });
      socket.emit('frame', { key: KEY, events: range(5, 11) });
      socket.emit('frame', { key: KEY, events: [event(12)] });
    });
    const client = connectLive(url);
    await new Promise<void>((r) => client.socket.once('connect', () => r()));
    const first: string[] = [];
    const page: string[] = [];
    let live = 0;
    await client.subscribe({ topics: ['mint'] }, { onEvent: (e) => first.push(e.cursor) });
    await client.subscribe(
      { topics: ['mint'], after: cursor(4) },
      { onEvent: (e) => page.push(e.cursor), onLive: () => live++ },
    );
    await until(() => page.length === 8 && first.length === 2);
    expect(requests.map((r) => r.after)).toEqual([undefined, cursor(4)]);
    expect(page).toEqual(range(5, 12).map((e) => e.cursor)); // every row after its cursor, once, in order
    expect(first).toEqual([cursor(11), cursor(12)]);
    expect(live).toBe(1);
    client.close();
  }, 20_000);

  it('fills a resume point older than the server replays from the REST history, then resumes after it', async () => {
    const requests: SubscribeRequest[] = [];
    const url = await serve((socket, request, ack) => {
      requests.push(request);
      if (request.after !== undefined && request.after < cursor(200)) {
        return ack({ ok: false, error: 'resume-too-old', code: 'resume-too-old', oldest: cursor(200) });
      }
      ack({ ok: true, key: KEY, head: cursor(250) });
      socket.emit('frame', { key: KEY, events: [event(251)] });
    });
    const reads: string[] = [];
    // the REST history: rows 101..250, a page of 100 at a time
    const history: HistoryReader = async (_request, after) => {
      reads.push(after);
      const from = Number(after.slice(0, 20)) + 1;
      const items = range(from, Math.min(250, from + 99));
      return { items, more: items.length === 100 };
    };
    const client = connectLive(url, { history });
    await new Promise<void>((r) => client.socket.once('connect', () => r()));
    const got: string[] = [];
    await client.subscribe({ topics: ['mint'], after: cursor(100) }, { onEvent: (e) => got.push(e.cursor) });
    await until(() => got.length === 151);
    expect(got).toEqual(range(101, 251).map((e) => e.cursor));
    expect(reads).toEqual([cursor(100), cursor(200)]);
    expect(requests.map((r) => r.after)).toEqual([cursor(100), cursor(250)]);
    client.close();
  }, 20_000);

  it('is back within 2 s of a server that was away for 8 s (a redeploy), and resumes from its cursor', async () => {
    const requests: SubscribeRequest[] = [];
    const script: OnSubscribe = (_socket, request, ack) => {
      requests.push(request);
      ack({ ok: true, key: KEY, head: request.after ?? cursor(10) });
    };
    const url = await serve(script);
    // ten tabs: each one's backoff is random, so one of them reconnecting late is a late client, not bad luck
    const clients = Array.from({ length: 10 }, () => connectLive(url));
    for (const client of clients) {
      await new Promise<void>((r) =>
        client.socket.connected ? r() : client.socket.once('connect', () => r()),
      );
      await client.subscribe({ topics: ['mint'] }, {});
    }
    await io?.close();
    await new Promise((r) => setTimeout(r, 8_000));
    const back = Date.now();
    const reconnected = clients.map(
      (client) => new Promise<number>((r) => client.socket.once('connect', () => r(Date.now() - back))),
    );
    await serve(script, Number(new URL(url).port));
    const delays = await Promise.all(reconnected);
    expect(Math.max(...delays), `reconnected after ${delays.join(', ')} ms`).toBeLessThanOrEqual(2_300);
    // each one subscribed again, from the server's head it was given
    await until(() => requests.length === 20);
    expect(requests.slice(10).map((r) => r.after)).toEqual(Array(10).fill(cursor(10)));
    for (const client of clients) client.close();
  }, 30_000);

  it('asks the REST history for what the subscription selects', () => {
    expect(historyParams({ topics: ['all'] }, cursor(1)).toString()).toBe(`after=${cursor(1)}&limit=100`);
    expect(historyParams({ topics: ['mint', 'battle'], viking: '7', clan: '3' }, cursor(1)).toString()).toBe(
      `after=${cursor(1)}&limit=100&type=mint&type=battle&characterId=7&clanId=3`,
    );
  });
});

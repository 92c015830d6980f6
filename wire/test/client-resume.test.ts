/**
 * The live client resuming from a page's cursor, against a real socket.io server scripted as the gateway:
 * a listener that restarts its group's replay from an older cursor takes no frame of the old replay still on
 * the way (it would move its resume point past the rows it needs), and a resume point older than the server
 * replays from (`resume-too-old`) is filled from the REST history before the subscription resumes after it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ActivityEvent,
  connectLive,
  type HistoryReader,
  historyParams,
  type SubscribeRequest,
} from '../src/index.ts';

const cursor = (block: number) => `${String(block).padStart(20, '0')}-000000`;
const event = (block: number): ActivityEvent => ({
  cursor: cursor(block),
  type: 'mint',
  kind: 'VeraMinted',
  blockNumber: String(block),
  logIndex: 0,
  txHash: `0x${String(block).padStart(64, '0')}`,
  timestamp: block,
  payload: {},
});
const KEY = 'mint||||';
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i));

type Script = (socket: Socket, request: SubscribeRequest, ack: (a: unknown) => void) => void;

let io: Server | undefined;
async function serve(script: Script): Promise<string> {
  const http = createServer();
  io = new Server(http, { path: '/socket.io' });
  io.on('connection', (socket) => {
    socket.on('subscribe', (request: SubscribeRequest, ack: (a: unknown) => void) =>
      script(socket, request, ack),
    );
    socket.on('unsubscribe', (_r: SubscribeRequest, ack: (a: unknown) => void) => ack({ ok: true }));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await io?.close();
  io = undefined;
});

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${check}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

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

  it('asks the REST history for what the subscription selects', () => {
    expect(historyParams({ topics: ['all'] }, cursor(1)).toString()).toBe(`after=${cursor(1)}&limit=100`);
    expect(historyParams({ topics: ['mint', 'battle'], viking: '7', clan: '3' }, cursor(1)).toString()).toBe(
      `after=${cursor(1)}&limit=100&type=mint&type=battle&characterId=7&clanId=3`,
    );
  });
});

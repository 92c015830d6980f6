/**
 * One worker of the fan-out benchmark (forked by gateway-fanout.ts): holds its share of the socket.io clients,
 * all subscribed to every event, and records when each client receives each event. The parent then asks for
 * the first receipt of every event, sends back the reference times (first receipt anywhere, transaction sent),
 * and gets latency histograms, so millions of receipt times never cross the IPC channel.
 */
import { performance } from 'node:perf_hooks';
import { type ActivityFrame, connectLive } from '@skald/wire';
import WebSocket from 'ws';
import { now } from './stats.ts';

export type ToWorker =
  | { type: 'connect'; urls: string[]; count: number; offset: number; bare?: boolean }
  | { type: 'firsts' }
  | { type: 'count' }
  | { type: 'refs'; refs: Record<string, [first: number, sent: number | null]> }
  | { type: 'close' };

export type FromWorker =
  | { type: 'connected'; ms: number }
  | { type: 'count'; receipts: number }
  | { type: 'firsts'; firsts: [cursor: string, first: number, txHash: string][]; elu: number }
  | {
      type: 'hist';
      spread: [number, number][];
      e2e: [number, number][];
      deliveries: number;
      duplicates: number;
    };

/** 0.1 ms buckets */
const bucket = (ms: number) => Math.max(0, Math.round(ms * 10));

const send = (message: FromWorker) => process.send?.(message);
const clients: ReturnType<typeof connectLive>[] = [];
const bareClients: WebSocket[] = [];
const receipts = new Map<string, number[]>();
const txOf = new Map<string, string>();
let duplicates = 0;
let receiptCount = 0;
let elu = performance.eventLoopUtilization();

function record(cursor: string, txHash: string, seen: Set<string>) {
  const t = now();
  if (seen.has(cursor)) duplicates++;
  seen.add(cursor);
  let times = receipts.get(cursor);
  if (!times) {
    times = [];
    receipts.set(cursor, times);
    txOf.set(cursor, txHash);
  }
  times.push(t);
  receiptCount++;
}

/** Bare `ws` clients of the baseline server: each frame parsed and every event recorded, as the live client does. */
async function connectBare(url: string, count: number) {
  const t0 = now();
  for (let i = 0; i < count; i += 250) {
    const batch = Array.from({ length: Math.min(250, count - i) }, () => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      bareClients.push(ws);
      const seen = new Set<string>();
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as ActivityFrame;
        for (const event of frame.events) record(event.cursor, event.txHash, seen);
      });
      ws.on('error', () => {});
      return new Promise<void>((resolve) => ws.once('open', () => resolve()));
    });
    await Promise.all(batch);
  }
  elu = performance.eventLoopUtilization();
  send({ type: 'connected', ms: now() - t0 });
}

async function connect(urls: string[], count: number, offset: number) {
  const t0 = now();
  for (let i = 0; i < count; i += 250) {
    const batch = Array.from({ length: Math.min(250, count - i) }, (_, j) => {
      const client = connectLive(urls[(offset + i + j) % urls.length] as string, { reconnection: false });
      clients.push(client);
      const seen = new Set<string>();
      // confirmed-only: one delivery per event per client, the path every event takes
      return client.subscribe(
        { topics: ['all'], confirmedOnly: true },
        { onEvent: (event) => record(event.cursor, event.txHash, seen) },
      );
    });
    await Promise.all(
      clients
        .slice(i)
        .map(
          (c) =>
            new Promise<void>((resolve) =>
              c.socket.connected ? resolve() : c.socket.once('connect', resolve),
            ),
        ),
    );
    await Promise.all(batch);
  }
  elu = performance.eventLoopUtilization();
  send({ type: 'connected', ms: now() - t0 });
}

function histograms(refs: Record<string, [number, number | null]>) {
  const spread = new Map<number, number>();
  const e2e = new Map<number, number>();
  let deliveries = 0;
  for (const [cursor, times] of receipts) {
    const ref = refs[cursor];
    if (!ref) continue;
    for (const t of times) {
      deliveries++;
      const s = bucket(t - ref[0]);
      spread.set(s, (spread.get(s) ?? 0) + 1);
      if (ref[1] !== null) {
        const e = bucket(t - ref[1]);
        e2e.set(e, (e2e.get(e) ?? 0) + 1);
      }
    }
  }
  return { spread: [...spread], e2e: [...e2e], deliveries };
}

// the parent is gone (it failed or was stopped): nothing left to report to
process.on('disconnect', () => process.exit(0));
process.on('message', (message: ToWorker) => {
  if (message.type === 'connect') {
    if (message.bare) void connectBare(message.urls[0] as string, message.count);
    else void connect(message.urls, message.count, message.offset);
  } else if (message.type === 'firsts') {
    const firsts: [string, number, string][] = [];
    for (const [cursor, times] of receipts) firsts.push([cursor, Math.min(...times), txOf.get(cursor) ?? '']);
    send({ type: 'firsts', firsts, elu: performance.eventLoopUtilization(elu).utilization });
  } else if (message.type === 'count') send({ type: 'count', receipts: receiptCount });
  else if (message.type === 'refs') send({ type: 'hist', ...histograms(message.refs), duplicates });
  else {
    for (const c of clients) c.close();
    for (const ws of bareClients) ws.terminate();
    setTimeout(() => process.exit(0), 200);
  }
});

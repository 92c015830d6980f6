/**
 * Abuse limits of the live stream against a real gateway, indexer and chain: live connections per client
 * address (X-Forwarded-For honoured only with TRUST_PROXY), and how far back a subscription may resume; older
 * history is paged over REST, and REST + the stream from the oldest allowed cursor give the whole index.
 */
import type { IncomingMessage } from 'node:http';
import { ANVIL_MNEMONIC, allSkaldAbis, anvilRpc } from '@skald/chain';
import type { ActivityEvent, ActivityFrame, SubscribeAck } from '@skald/wire';
import { io, type Socket } from 'socket.io-client';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../src/live/server.ts';
import { activityRepository } from '../src/repositories/activity.ts';
import type { RunningGateway } from '../src/serve.ts';
import { cursorsAfter, until } from './fixtures/live.ts';
import { listenGateway, startWorld, type World } from './fixtures/world.ts';

let world: World;
let gateway: RunningGateway;
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;
const MAX_EVENTS = 30;
const MAX_SECONDS = 600;

const rpc = <T>(method: string, params: unknown[] = []) =>
  anvilRpc<T>(world.chain.anvil.rpcUrl, method, params);

async function grantVeras(n: number) {
  const data = encodeFunctionData({
    abi: allSkaldAbis as Abi,
    functionName: 'admin_grantVera',
    args: [1n, 3, 2, 2, 2, 1, false],
  });
  for (let i = 0; i < n; i++) {
    const hash = await rpc<string>('eth_sendTransaction', [
      { from: admin, to: world.chain.deployment.contracts.Veras, data, gas: '0x2dc6c0' },
    ]);
    await until(async () => (await rpc('eth_getTransactionReceipt', [hash])) !== null, 10_000, 'receipt');
  }
}

/** A raw socket.io client from a given (forwarded) address; resolves connected or with the refusal. */
function connect(forwardedFor: string): Promise<{ socket: Socket; error?: Error }> {
  return new Promise((resolve) => {
    const socket = io(gateway.url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { 'x-forwarded-for': forwardedFor },
    });
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, error }));
  });
}

beforeAll(async () => {
  world = await startWorld(30, 71);
  // history older than the time bound: an hour passes on the chain, then fresh events
  await rpc('evm_increaseTime', [3600]);
  await grantVeras(6);
  await world.indexed();
  gateway = await listenGateway(world, {
    trustProxy: true,
    liveLimits: { connectionsPerAddress: 5, replayMaxEvents: MAX_EVENTS, replayMaxSeconds: MAX_SECONDS },
  });
});

afterAll(async () => {
  await gateway?.stop();
  await world?.stop();
});

describe('live stream limits', () => {
  it('refuses connections beyond the per-address limit, counting the forwarded client address', async () => {
    const held: Socket[] = [];
    for (let i = 0; i < 5; i++) {
      const { socket, error } = await connect('203.0.113.7');
      expect(error).toBeUndefined();
      held.push(socket);
    }
    const refused = await connect('203.0.113.7, 10.0.0.1');
    expect(refused.error).toBeDefined();
    expect(refused.socket.connected).toBe(false);
    // another client behind the same proxy is not affected
    const other = await connect('198.51.100.2');
    expect(other.error).toBeUndefined();
    // a closed connection frees its place
    held.pop()?.close();
    await until(async () => !(await connect('203.0.113.7')).error, 5000, 'a freed place');
    for (const s of [...held, other.socket]) s.close();
  });

  it('takes the peer address, not X-Forwarded-For, without a trusted proxy', () => {
    const req = {
      headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' },
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage;
    expect(clientAddress(req, false)).toBe('127.0.0.1');
    expect(clientAddress(req, true)).toBe('203.0.113.9');
  });

  it('answers resume-too-old with the oldest allowed cursor; REST pages the rest and the stream resumes from there', async () => {
    const all = await cursorsAfter(world.reader, undefined);
    expect(all.length).toBeGreaterThan(MAX_EVENTS + 10);
    const first = all[0] as string;
    const { socket, error } = await connect('192.0.2.1');
    expect(error).toBeUndefined();
    const events: ActivityEvent[] = [];
    socket.on('frame', (f: ActivityFrame) => events.push(...f.events.filter((e) => !e.provisional)));

    const refused = (await socket.emitWithAck('subscribe', {
      topics: ['all'],
      confirmedOnly: true,
      after: first,
    })) as SubscribeAck;
    expect(refused).toMatchObject({ ok: false, code: 'resume-too-old', oldest: expect.any(String) });
    if (refused.ok) throw new Error('refused expected');
    expect(refused.error).toMatch(/^resume-too-old/);
    const oldest = refused.oldest as string;
    // the bound is MAX_EVENTS events (the fresh events after the hour are fewer, so the count reaches further)
    expect(all.filter((c) => c > oldest).length).toBe(MAX_EVENTS);
    expect(events).toEqual([]);

    // page REST oldest first from our cursor up to the floor
    const paged: string[] = [];
    let after = first;
    while (after < oldest) {
      const res = await fetch(`${gateway.url}/api/activity?after=${after}&limit=100`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as { items: ActivityEvent[] };
      if (page.items.length === 0) break;
      paged.push(...page.items.map((e) => e.cursor));
      after = page.items.at(-1)?.cursor as string;
    }
    const ack = (await socket.emitWithAck('subscribe', {
      topics: ['all'],
      confirmedOnly: true,
      after,
    })) as SubscribeAck;
    expect(ack.ok).toBe(true);
    const rest = all.filter((c) => c > after);
    await until(() => events.length >= rest.length, 20_000, 'the stream from the paged cursor');
    expect([first, ...paged, ...events.map((e) => e.cursor)]).toEqual(all);
    socket.close();
  });

  it('bounds by chain time as well: everything within the last 10 minutes may be replayed', async () => {
    const repo = activityRepository(world.reader);
    const all = await cursorsAfter(world.reader, undefined);
    const [gap] = await world.reader.sql<{ cursor: string }[]>`
      SELECT cursor FROM activity
      WHERE timestamp < (SELECT max(timestamp) FROM activity) - ${MAX_SECONDS}
      ORDER BY cursor DESC LIMIT 1`;
    const young = all.filter((c) => c > (gap?.cursor as string)).length;
    expect(young).toBeGreaterThanOrEqual(6);
    // fewer events allowed than the young ones: the time bound reaches further back, to the last old row
    expect(await repo.replayFloor(3, MAX_SECONDS)).toBe(gap?.cursor);
    // more: the count does
    expect(await repo.replayFloor(young + 5, MAX_SECONDS)).toBe(all.at(-(young + 5) - 1));
    // the whole index within the bound: no floor
    expect(await repo.replayFloor(all.length, MAX_SECONDS)).toBeNull();
  });
});

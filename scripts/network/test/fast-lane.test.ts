/**
 * The gateway's fast lane against a real anvil behind the opbnb-public conditions, with the rate cut to 4 calls/s
 * so that its polling meets 429s: given the websocket twin the gateway derives for a loopback URL, it is refused
 * (HTTP 405) and polls for good; it waits out each Retry-After and announces exactly what a lane polling anvil
 * itself, unconstrained, announces over the same blocks.
 */
import { playWorld, startChain, type TestChain } from '@skald/chain/local';
import { type RpcConditionsProxy, rpcProfile, startRpcConditionsProxy } from '@skald/chain/rpc-conditions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../gateway/src/events/activity.ts';
import { FastLane, NameCache } from '../../../gateway/src/live/fast-lane/index.ts';

let chain: TestChain;
let proxy: RpcConditionsProxy;
let lane: FastLane;
let reference: FastLane;
const events: StreamEvent[] = [];
const referenceEvents: StreamEvent[] = [];
const errors: string[] = [];

beforeAll(async () => {
  chain = await startChain();
  proxy = await startRpcConditionsProxy({
    upstream: chain.anvil.rpcUrl,
    profile: { ...rpcProfile('opbnb-public'), rate: { perSecond: 4, burst: 4 } },
  });
});

afterAll(async () => {
  await lane?.stop();
  await reference?.stop();
  await proxy?.stop();
  await chain?.stop();
});

describe('the fast lane on an HTTP-only, rate-limited endpoint', () => {
  it('is refused the websocket and polls', async () => {
    lane = new FastLane({
      rpcUrl: proxy.url,
      wsUrl: proxy.url.replace(/^http/, 'ws'),
      contracts: chain.deployment.contracts,
      pollMs: 250,
      names: new NameCache(),
      onEvents: (batch) => events.push(...batch),
      onRemoved: () => {},
      onHead: () => {},
      onError: (e) => errors.push(e instanceof Error ? e.message : String(e)),
    });
    const started = Date.now();
    await lane.start();
    // no wait for subscriptions that will not come
    expect(Date.now() - started).toBeLessThan(4000);
    expect(lane.mode).toBe('polling');
    expect(lane.connected).toBe(true);
    expect(errors).toEqual(['the node refused a websocket (HTTP 405): the fast lane polls over HTTP']);
    expect(proxy.counters().websocketsRefused).toBe(1);
  });

  it('waits out 429s and announces what an unconstrained lane announces', async () => {
    reference = new FastLane({
      rpcUrl: chain.anvil.rpcUrl,
      contracts: chain.deployment.contracts,
      pollMs: 250,
      names: new NameCache(),
      onEvents: (batch) => referenceEvents.push(...batch),
      onRemoved: () => {},
      onHead: () => {},
      onError: () => {},
    });
    await reference.start();
    // both lanes have read the head once: the blocks from here on are both lanes' to announce
    while (reference.head === null || lane.head === null) await new Promise((r) => setTimeout(r, 50));
    await playWorld(chain, 40);
    const to = await blockNumber();
    const deadline = Date.now() + 120_000;
    const caughtUp = () => (lane.head ?? 0n) >= to && (reference.head ?? 0n) >= to;
    while (Date.now() < deadline && !caughtUp()) await new Promise((r) => setTimeout(r, 250));
    // a lane announces a block's events after it read the block: give the last reads their time
    await new Promise((r) => setTimeout(r, 3000));
    const upTo = (list: StreamEvent[]) =>
      list
        .filter((e) => e.cursor <= (referenceEvents.at(-1)?.cursor ?? ''))
        .map((e) => e.cursor)
        .sort();
    expect(referenceEvents.length).toBeGreaterThan(20);
    expect(upTo(events)).toEqual(upTo(referenceEvents));
    expect(new Set(events.map((e) => e.cursor)).size).toBe(events.length);
    expect(lane.rateLimited).toBeGreaterThan(0);
    expect(proxy.counters().http429).toBeGreaterThan(0);
    expect(errors.filter((e) => /429/.test(e))).toEqual([]);
  }, 180_000);
});

async function blockNumber(): Promise<bigint> {
  const res = await fetch(chain.anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  });
  return BigInt(((await res.json()) as { result: string }).result);
}

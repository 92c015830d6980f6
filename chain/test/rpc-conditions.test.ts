/**
 * The RPC conditions proxy against a real anvil: pass-through is exact, latency is applied, the rate limit
 * answers 429 with Retry-After (a batch counting per call), eth_getLogs caps answer the providers' errors, an
 * HTTP-only profile refuses the websocket and a paid one drops it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Anvil, anvilRpc, startAnvil } from '../src/anvil.ts';
import {
  RateLimit,
  RPC_PROFILES,
  type RpcConditionsProxy,
  type RpcProfile,
  rpcProfile,
  startRpcConditionsProxy,
} from '../src/rpc-conditions/index.ts';

let anvil: Anvil;
const proxies: RpcConditionsProxy[] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  // some blocks, each with no logs, and one transaction that makes a log-free block too
  await anvilRpc(anvil.rpcUrl, 'anvil_mine', ['0x20']);
});
afterAll(async () => {
  for (const proxy of proxies) await proxy.stop();
  await anvil?.stop();
});

async function proxy(profile: RpcProfile): Promise<RpcConditionsProxy> {
  const started = await startRpcConditionsProxy({ upstream: anvil.rpcUrl, profile });
  proxies.push(started);
  return started;
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const call = (id: number, method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id, method, params });

describe('rpc conditions proxy', () => {
  it('passes through exactly under local', async () => {
    const local = await proxy(RPC_PROFILES.local);
    const bodies = [
      call(7, 'eth_getBlockByNumber', ['0x3', true]),
      [call(1, 'eth_chainId'), call(2, 'eth_blockNumber'), call(3, 'no_such_method')],
      call(9, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]),
    ];
    for (const body of bodies) {
      const [direct, through] = await Promise.all([post(anvil.rpcUrl, body), post(local.url, body)]);
      expect(through.status).toBe(direct.status);
      expect(await through.text()).toBe(await direct.text());
    }
    expect(local.counters().calls).toBe(5);
  });

  it('applies the latency with its jitter', async () => {
    const slow = await proxy({ ...RPC_PROFILES.local, latencyMs: 120, jitterMs: 20 });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await post(slow.url, call(1, 'eth_blockNumber'));
      await res.json();
      times.push(performance.now() - started);
    }
    expect(Math.min(...times)).toBeGreaterThanOrEqual(99);
    expect(Math.max(...times)).toBeLessThan(400);
  });

  it('answers 429 with Retry-After past the rate, counting each call of a batch', async () => {
    const limited = await proxy({ ...RPC_PROFILES.local, rate: { perSecond: 1, burst: 10 } });
    const batch = Array.from({ length: 8 }, (_, i) => call(i, 'eth_blockNumber'));
    const first = await post(limited.url, batch);
    expect(first.status).toBe(200);
    expect(((await first.json()) as unknown[]).length).toBe(8);
    // 2 of 10 left: a batch of 3 is over
    const second = await post(limited.url, batch.slice(0, 3));
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await second.json()).toEqual(
      [0, 1, 2].map((id) => ({ jsonrpc: '2.0', id, error: { code: -32005, message: 'limit exceeded' } })),
    );
    // after Retry-After the calls go through again
    await new Promise((r) => setTimeout(r, Number(second.headers.get('retry-after')) * 1000));
    expect((await post(limited.url, call(1, 'eth_blockNumber'))).status).toBe(200);
    expect(limited.counters()).toMatchObject({ calls: 12, rateLimited: 3, http429: 1 });
  });

  it('answers browsers as public endpoints do: a preflight (not counted) and any origin', async () => {
    const open = await proxy(RPC_PROFILES['opbnb-public']);
    const preflight = await fetch(open.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://page.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/);
    const answer = await post(open.url, call(1, 'eth_chainId'));
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/retry-after/);
    expect(open.counters()).toMatchObject({ calls: 1 });
  });

  it('a token bucket refills at its rate', () => {
    const bucket = new RateLimit({ perSecond: 10, burst: 10 }, 0);
    expect(bucket.take(10, 0)).toBe(0);
    expect(bucket.take(1, 0)).toBe(1);
    expect(bucket.take(5, 500)).toBe(0);
    expect(bucket.take(30, 500)).toBe(3);
  });

  it('caps eth_getLogs by block span and by result count with the providers’ errors', async () => {
    const capped = await proxy({
      ...RPC_PROFILES.local,
      getLogs: { maxBlocks: 10, maxResults: 1 },
    });
    const wide = await post(capped.url, call(1, 'eth_getLogs', [{ fromBlock: '0x1', toBlock: '0xb' }]));
    expect(await wide.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, message: 'exceed maximum block range: 10' },
    });
    // 'latest' counts from the head: 0x20 blocks back is over the span
    const toLatest = (await (
      await post(capped.url, call(2, 'eth_getLogs', [{ fromBlock: '0x1', toBlock: 'latest' }]))
    ).json()) as { error?: { message: string } };
    expect(toLatest.error?.message).toBe('exceed maximum block range: 10');
    const narrow = (await (
      await post(capped.url, call(3, 'eth_getLogs', [{ fromBlock: '0x1', toBlock: '0xa' }]))
    ).json()) as { result?: unknown[] };
    expect(narrow.result).toEqual([]);

    // two logs in one block: over a cap of one result
    const deployed = await deployLogEmitter();
    const logs = await post(capped.url, call(4, 'eth_getLogs', [{ blockHash: deployed.blockHash }]));
    expect(await logs.json()).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32005, message: 'query returned more than 1 results' },
    });
    // a batch: each call answered on its own
    const batch = (await (
      await post(capped.url, [
        call(5, 'eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x30' }]),
        call(6, 'eth_blockNumber'),
      ])
    ).json()) as { id: number; error?: unknown; result?: unknown }[];
    expect(batch.map((a) => [a.id, a.error !== undefined])).toEqual([
      [5, true],
      [6, false],
    ]);
    expect(capped.counters()).toMatchObject({ getLogsRangeRejected: 3, getLogsResultsRejected: 1 });
  });

  it('refuses the websocket under an HTTP-only profile', async () => {
    const httpOnly = await proxy(rpcProfile('opbnb-public'));
    expect(httpOnly.wsUrl).toBeUndefined();
    const refused = await new Promise<string>((resolve) => {
      const ws = new WebSocket(httpOnly.url.replace('http', 'ws'));
      ws.on('open', () => resolve('open'));
      ws.on('error', (e) => resolve(e.message));
    });
    expect(refused).toMatch(/Unexpected server response: 405/);
    expect(httpOnly.counters().websocketsRefused).toBe(1);
  });

  it('relays subscriptions over the websocket and drops it on schedule', async () => {
    const paid = await proxy({ ...rpcProfile('opbnb-paid'), latencyMs: 5, dropWebsocketEveryMs: 1500 });
    const ws = new WebSocket(paid.wsUrl as string);
    const heads: string[] = [];
    const started = Date.now();
    const closed = new Promise<number>((resolve) => ws.on('close', () => resolve(Date.now() - started)));
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as { method?: string; params?: { result: { number: string } } };
      if (msg.method === 'eth_subscription' && msg.params) heads.push(msg.params.result.number);
    });
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify(call(1, 'eth_subscribe', ['newHeads'])));
    await new Promise((r) => setTimeout(r, 300));
    await anvilRpc(anvil.rpcUrl, 'evm_mine');
    const after = await closed;
    expect(heads.length).toBeGreaterThanOrEqual(1);
    // 1.5 s ± 25 %
    expect(after).toBeGreaterThanOrEqual(1100);
    expect(after).toBeLessThan(2500);
    expect(paid.counters()).toMatchObject({ websocketsOpened: 1, websocketsDropped: 1 });
  });

  it('names the profiles in the error for an unknown one', () => {
    expect(() => rpcProfile('opbnb-free')).toThrow(
      'unknown RPC profile "opbnb-free": the profiles are local, opbnb-public, opbnb-paid',
    );
  });
});

/**
 * A contract whose constructor emits two logs (LOG0 twice), deployed from anvil's unlocked account 0: one block
 * with two logs.
 */
async function deployLogEmitter(): Promise<{ blockHash: string }> {
  const [from] = await anvilRpc<string[]>(anvil.rpcUrl, 'eth_accounts');
  // PUSH1 0 PUSH1 0 LOG0, twice, then STOP
  const data = '0x60006000a060006000a000';
  const hash = await anvilRpc<string>(anvil.rpcUrl, 'eth_sendTransaction', [{ from, data }]);
  // anvil mines it at once, but its receipt can lag the hash on a busy machine
  let receipt: { blockHash: string; logs: unknown[] } | null = null;
  for (const deadline = Date.now() + 10_000; !receipt && Date.now() < deadline; ) {
    receipt = await anvilRpc<{ blockHash: string; logs: unknown[] } | null>(
      anvil.rpcUrl,
      'eth_getTransactionReceipt',
      [hash],
    );
    if (!receipt) await new Promise((r) => setTimeout(r, 50));
  }
  expect(receipt?.logs).toHaveLength(2);
  return { blockHash: receipt?.blockHash as string };
}

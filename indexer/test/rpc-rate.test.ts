/**
 * Patch 019 (patches/README.md): Ponder's RPC limiter starts at, and stays under, the calls per second an
 * endpoint is known to allow (PONDER_RPC_MAX_RPS, which ponder.config.ts sets from SKALD_RPC_RATE) instead of
 * starting every URL at 20 a second. The installed Ponder's own client sends calls to a local JSON-RPC server
 * that counts them per second. Without the patch the first case sends at most 20 in any second.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chainSettings, parseIndexerEnv } from '../lib/env.ts';
import { importPonder, ponderCommon } from './ponder-internals.ts';

type Rpc = { request(body: { method: string; params?: unknown[] }): Promise<unknown> };
type CreateRpc = (args: { common: unknown; chain: unknown; concurrency?: number }) => Rpc;

let server: Server;
let url: string;
/** arrival time of every call, ms */
let arrivals: number[] = [];
let createRpc: CreateRpc;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      arrivals.push(Date.now());
      const { id } = JSON.parse(body) as { id: number };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  createRpc = (await importPonder('rpc/index.js')).createRpc as CreateRpc;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  delete process.env.PONDER_RPC_MAX_RPS;
  arrivals = [];
});

const common = ponderCommon();
const chainFor = (rpc: string) => ({
  id: 5611,
  name: 'skald',
  rpc,
  pollingInterval: 1000,
  viemChain: undefined,
});

/** sends `calls` calls at once through a new client; the most calls the server got in one calendar second */
async function busiestSecond(calls: number) {
  const rpc = createRpc({ common, chain: chainFor(url), concurrency: 25 });
  await Promise.all(Array.from({ length: calls }, () => rpc.request({ method: 'eth_blockNumber' })));
  const perSecond = new Map<number, number>();
  for (const at of arrivals) {
    const second = Math.floor(at / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  return Math.max(...perSecond.values());
}

describe('Ponder RPC limiter with a known endpoint rate (patch 019)', () => {
  it('starts at the rate it is given, not at 20 a second, and stays under it', async () => {
    process.env.PONDER_RPC_MAX_RPS = '40';
    const busiest = await busiestSecond(120);
    expect(busiest).toBeGreaterThan(30);
    expect(busiest).toBeLessThanOrEqual(40);
  }, 20_000);

  it('without one, starts at 20 a second as published', async () => {
    expect(await busiestSecond(45)).toBeLessThanOrEqual(20);
  }, 20_000);

  it('refuses a rate below its minimum with a message naming the variable', () => {
    process.env.PONDER_RPC_MAX_RPS = '1';
    expect(() => createRpc({ common, chain: chainFor(url) })).toThrow(/PONDER_RPC_MAX_RPS.*"1"/);
  });

  it('SKALD_RPC_RATE is the endpoint rate, split over the fanout copies of its URL', () => {
    const settings = (env: Record<string, string>) =>
      chainSettings(
        parseIndexerEnv({ DATABASE_URL: 'postgres://localhost/x', ...env }),
        'https://rpc.example',
      );
    expect(settings({ SKALD_RPC_RATE: '33' }).maxRpsPerUrl).toBe(33);
    expect(settings({ SKALD_RPC_RATE: '100', SKALD_RPC_FANOUT: '4' }).maxRpsPerUrl).toBe(25);
    expect(settings({}).maxRpsPerUrl).toBeUndefined();
    expect(() => settings({ SKALD_RPC_RATE: '2' })).toThrow(/SKALD_RPC_RATE/);
  });
});

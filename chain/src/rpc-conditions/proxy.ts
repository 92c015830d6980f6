/**
 * A JSON-RPC proxy in front of a node (anvil) that behaves like a real endpoint under one of the profiles of
 * profiles.ts: latency with jitter, a per-call rate limit answering HTTP 429 with Retry-After, eth_getLogs capped
 * by block span and by result count with the errors providers send, a websocket that is refused or dropped.
 *
 * Under `local` an HTTP request is passed through byte for byte. `GET /conditions` answers the profile and the
 * counters (requests, calls, 429s, rejected getLogs, websocket drops), so a bench or a test in another process
 * can read them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { providerErrors, type RpcProfile } from './profiles.ts';

export type RpcConditionsCounters = {
  /** HTTP requests and websocket messages from clients */
  requests: number;
  /** JSON-RPC calls (a batch counts each) */
  calls: number;
  /** eth_getLogs calls among them */
  getLogs: number;
  /** calls refused by the rate limit (HTTP 429, or an error on the websocket) */
  rateLimited: number;
  /** HTTP 429 answers */
  http429: number;
  /** eth_getLogs refused for its block span */
  getLogsRangeRejected: number;
  /** eth_getLogs refused for its result count */
  getLogsResultsRejected: number;
  /** websocket connections accepted */
  websocketsOpened: number;
  /** websocket connections the proxy closed on purpose (the profile's drops) */
  websocketsDropped: number;
  /** websocket upgrades refused (HTTP-only profile) */
  websocketsRefused: number;
};

export type RpcConditionsProxy = {
  profile: RpcProfile;
  url: string;
  /** undefined under an HTTP-only profile */
  wsUrl: string | undefined;
  port: number;
  counters(): RpcConditionsCounters;
  /** closes every client websocket now, as the profile's periodic drop does */
  dropWebsockets(): number;
  stop(): Promise<void>;
};

export type RpcConditionsOptions = {
  /** the node's HTTP JSON-RPC URL */
  upstream: string;
  /** the node's websocket (default: the upstream URL with ws://) */
  upstreamWs?: string;
  profile: RpcProfile;
  port?: number;
  host?: string;
};

type Call = { jsonrpc?: string; id?: unknown; method?: string; params?: unknown[] };
type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A token bucket: `take(n)` answers 0 when n calls may go now, else the seconds until they may. */
export class RateLimit {
  private tokens: number;
  constructor(
    private readonly rate: { perSecond: number; burst: number },
    private at = Date.now(),
  ) {
    this.tokens = rate.burst;
  }

  take(n: number, now = Date.now()): number {
    this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.at) / 1000) * this.rate.perSecond);
    this.at = now;
    if (this.tokens >= n) {
      this.tokens -= n;
      return 0;
    }
    return Math.max(1, Math.ceil((n - this.tokens) / this.rate.perSecond));
  }
}

export async function startRpcConditionsProxy(options: RpcConditionsOptions): Promise<RpcConditionsProxy> {
  const { profile, upstream } = options;
  const upstreamWs = options.upstreamWs ?? upstream.replace(/^http/, 'ws');
  const host = options.host ?? '127.0.0.1';
  const limit = profile.rate ? new RateLimit(profile.rate) : undefined;
  const counters: RpcConditionsCounters = {
    requests: 0,
    calls: 0,
    getLogs: 0,
    rateLimited: 0,
    http429: 0,
    getLogsRangeRejected: 0,
    getLogsResultsRejected: 0,
    websocketsOpened: 0,
    websocketsDropped: 0,
    websocketsRefused: 0,
  };
  const delay = () => Math.max(0, profile.latencyMs + (Math.random() * 2 - 1) * profile.jitterMs);

  const post = async (body: string): Promise<string> => {
    const res = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return res.text();
  };
  const callUpstream = async (call: Call): Promise<Answer> =>
    JSON.parse(await post(JSON.stringify({ ...call, jsonrpc: '2.0' }))) as Answer;

  const blockOf = async (tag: unknown): Promise<bigint> => {
    if (typeof tag === 'string' && /^0x[0-9a-f]+$/i.test(tag)) return BigInt(tag);
    if (tag === 'earliest') return 0n;
    const head = await callUpstream({ id: 0, method: 'eth_blockNumber', params: [] });
    return BigInt(head.result as string);
  };

  /** One call under the profile's getLogs caps (the rate limit is applied before, per request). */
  const answer = async (call: Call): Promise<Answer> => {
    const caps = profile.getLogs;
    if (call.method !== 'eth_getLogs' || !caps) return callUpstream(call);
    const filter = (call.params?.[0] ?? {}) as {
      fromBlock?: unknown;
      toBlock?: unknown;
      blockHash?: unknown;
    };
    if (filter.blockHash === undefined) {
      const from = await blockOf(filter.fromBlock ?? 'latest');
      const to = await blockOf(filter.toBlock ?? 'latest');
      if (to - from + 1n > BigInt(caps.maxBlocks)) {
        counters.getLogsRangeRejected += 1;
        return { jsonrpc: '2.0', id: call.id, error: providerErrors.blockRange(caps.maxBlocks) };
      }
    }
    const result = await callUpstream(call);
    if (Array.isArray(result.result) && result.result.length > caps.maxResults) {
      counters.getLogsResultsRejected += 1;
      return { jsonrpc: '2.0', id: call.id, error: providerErrors.tooManyResults(caps.maxResults) };
    }
    return result;
  };

  // public endpoints answer browsers too (a dapp's page reads them directly): any origin, JSON-RPC's headers
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'access-control-expose-headers': 'retry-after',
  };
  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...cors, ...headers });
    res.end(body);
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && req.url === '/conditions')
      return send(res, 200, JSON.stringify({ profile: profile.name, counters }));
    // a browser's preflight: not a call, not counted
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    if (req.method !== 'POST') return send(res, 405, JSON.stringify({ error: 'POST JSON-RPC' }));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    counters.requests += 1;
    let parsed: Call | Call[];
    try {
      parsed = JSON.parse(raw) as Call | Call[];
    } catch {
      return send(
        res,
        200,
        JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }),
      );
    }
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    counters.calls += calls.length;
    counters.getLogs += calls.filter((c) => c.method === 'eth_getLogs').length;
    const wait = delay();
    if (wait > 0) await sleep(wait);
    const retryAfter = limit?.take(calls.length) ?? 0;
    if (retryAfter > 0) {
      counters.rateLimited += calls.length;
      counters.http429 += 1;
      const error = (call: Call) => ({
        jsonrpc: '2.0',
        id: call.id ?? null,
        error: providerErrors.rateLimited,
      });
      const body = Array.isArray(parsed) ? parsed.map(error) : error(parsed);
      return send(res, 429, JSON.stringify(body), { 'retry-after': String(retryAfter) });
    }
    // pass-through where nothing is capped: the node's answer as it is
    if (!profile.getLogs) return send(res, 200, await post(raw));
    const answers = await Promise.all(calls.map(answer));
    send(res, 200, JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
  };

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        send(
          res,
          502,
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32603, message: `upstream: ${error instanceof Error ? error.message : error}` },
          }),
        );
      else res.destroy();
    });
  });

  // ---- websocket: relayed to the node's, with the profile's latency, rate limit and drops
  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<WebSocket>();
  const dropTimers = new Set<NodeJS.Timeout>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!profile.websocket) {
      counters.websocketsRefused += 1;
      socket.end('HTTP/1.1 405 Method Not Allowed\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (client) => relay(client));
  });

  const relay = (client: WebSocket) => {
    counters.websocketsOpened += 1;
    sockets.add(client);
    const node = new WebSocket(upstreamWs);
    const queued: string[] = [];
    node.on('open', () => {
      for (const text of queued.splice(0)) node.send(text);
    });
    node.on('message', (data) => {
      const text = data.toString();
      setTimeout(() => client.readyState === WebSocket.OPEN && client.send(text), delay());
    });
    const close = () => {
      sockets.delete(client);
      if (client.readyState !== WebSocket.CLOSED) client.terminate();
      if (node.readyState !== WebSocket.CLOSED) node.terminate();
    };
    node.on('close', close);
    node.on('error', close);
    client.on('close', close);
    client.on('error', close);
    client.on('message', (data) => {
      const text = data.toString();
      counters.requests += 1;
      let calls: Call[];
      try {
        const parsed = JSON.parse(text) as Call | Call[];
        calls = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        calls = [];
      }
      counters.calls += calls.length;
      counters.getLogs += calls.filter((c) => c.method === 'eth_getLogs').length;
      if (limit && calls.length > 0 && limit.take(calls.length) > 0) {
        counters.rateLimited += calls.length;
        const errors = calls.map((c) => ({
          jsonrpc: '2.0',
          id: c.id ?? null,
          error: providerErrors.rateLimited,
        }));
        client.send(JSON.stringify(errors.length === 1 ? errors[0] : errors));
        return;
      }
      if (node.readyState === WebSocket.OPEN) node.send(text);
      else queued.push(text);
    });
    if (profile.dropWebsocketEveryMs) {
      const every = profile.dropWebsocketEveryMs * (0.75 + Math.random() * 0.5);
      const timer = setTimeout(() => {
        dropTimers.delete(timer);
        if (!sockets.has(client)) return;
        counters.websocketsDropped += 1;
        close();
      }, every);
      timer.unref();
      dropTimers.add(timer);
    }
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    profile,
    url: `http://${host}:${port}`,
    wsUrl: profile.websocket ? `ws://${host}:${port}` : undefined,
    port,
    counters: () => ({ ...counters }),
    dropWebsockets() {
      const open = [...sockets];
      for (const client of open) {
        counters.websocketsDropped += 1;
        client.terminate();
      }
      return open.length;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of dropTimers) clearTimeout(timer);
        for (const client of sockets) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

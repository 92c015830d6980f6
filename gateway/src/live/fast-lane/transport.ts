/**
 * The fast lane's line to the node: a websocket carrying JSON-RPC calls and the `logs` and `newHeads`
 * subscriptions, reconnecting after it closes, and plain HTTP JSON-RPC while it is not open.
 *
 * A node that answers the websocket upgrade with an HTTP 4xx offers none (a public HTTP-only endpoint): it is
 * not asked again, and the lane polls for good. Over HTTP, a 429 pauses every call until its Retry-After has
 * passed, then the call is made again (at most `HTTP_429_RETRIES` times).
 */
import type { Hex } from 'viem';
import WebSocket from 'ws';

export type RpcLog = {
  address: Hex;
  topics: [Hex, ...Hex[]];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  removed?: boolean;
};
export type RpcBlock = {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  timestamp: Hex;
  transactions: { hash: Hex; input: Hex }[];
};
export type RpcHead = { number: Hex; hash: Hex; parentHash: Hex };

export type NodeTransportOptions = {
  rpcUrl: string;
  wsUrl: string | undefined;
  /** the contracts whose logs the subscription carries */
  addresses: string[];
  /** the delay before reconnecting (at least 500 ms) */
  retryMs: number;
  /** the websocket opened (before the subscriptions are taken) */
  onOpen(): void;
  /** the node took both subscriptions */
  onSubscribed(): void;
  /** the websocket closed; a reconnect is scheduled, unless the node refused the websocket */
  onClose(): void;
  /** the node answered the websocket upgrade with this HTTP status (4xx): it offers none */
  onRefused?(status: number): void;
  onLog(log: RpcLog): void;
  onHead(head: RpcHead): void;
  onError(error: unknown): void;
};

/** a call answered 429 is made again after the Retry-After this many times before it fails */
const HTTP_429_RETRIES = 5;
/** the pause after a 429 without a usable Retry-After */
const DEFAULT_RETRY_AFTER_MS = 1000;

export class NodeTransport {
  /** the node refused the websocket upgrade (HTTP 4xx): it has none */
  refused = false;
  /** 429 answers seen over HTTP */
  rateLimited = 0;
  /** no HTTP call goes out before this (ms since epoch): the node's last Retry-After */
  private pausedUntil = 0;
  private ws: WebSocket | undefined;
  private wsOpen = false;
  private stopped = false;
  private nextId = 1;
  private readonly calls = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly subs = new Map<string, 'logs' | 'newHeads'>();
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: NodeTransportOptions) {}

  get open(): boolean {
    return this.wsOpen;
  }

  connect(): void {
    if (this.stopped || this.refused || !this.options.wsUrl) return;
    const ws = new WebSocket(this.options.wsUrl);
    this.ws = ws;
    ws.on('open', () => {
      this.wsOpen = true;
      this.options.onOpen();
      const address = this.options.addresses;
      const logs = this.call('eth_subscribe', ['logs', { address }]).then((id) =>
        this.subs.set(id as string, 'logs'),
      );
      const heads = this.call('eth_subscribe', ['newHeads']).then((id) =>
        this.subs.set(id as string, 'newHeads'),
      );
      Promise.all([logs, heads]).then(
        () => this.options.onSubscribed(),
        (e) => this.options.onError(e),
      );
    });
    ws.on('message', (data) => {
      // an unsolicited pong (RFC 6455 5.5.3, no reply expected) carries the TCP ACK of this message at once: a
      // node that writes without TCP_NODELAY (anvil) otherwise holds its next push until our delayed ACK, 30-40 ms
      ws.pong();
      this.onMessage(data.toString());
    });
    ws.on('error', (e) => {
      const status = Number(/Unexpected server response: (4\d\d)/.exec(e.message)?.[1]);
      if (status) {
        this.refused = true;
        this.options.onRefused?.(status);
        return;
      }
      this.options.onError(e);
    });
    ws.on('close', () => {
      this.wsOpen = false;
      this.subs.clear();
      for (const call of this.calls.values()) call.reject(new Error('node websocket closed'));
      this.calls.clear();
      if (this.stopped) return;
      // the node is away: the lane polls over HTTP meanwhile, and the websocket is tried again
      this.options.onClose();
      if (this.refused) return;
      this.retryTimer = setTimeout(() => this.connect(), Math.max(500, this.options.retryMs));
      this.retryTimer.unref();
    });
  }

  /** Closes the websocket as a network failure would (it reconnects). */
  drop(): void {
    this.ws?.terminate();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.ws?.removeAllListeners();
    this.ws?.on('error', () => {});
    this.ws?.terminate();
    for (const call of this.calls.values()) call.reject(new Error('fast lane stopped'));
    this.calls.clear();
  }

  /** JSON-RPC over the websocket when it is open, else over HTTP. */
  call(method: string, params: unknown[]): Promise<unknown> {
    if (this.ws && this.wsOpen) {
      const id = this.nextId++;
      const ws = this.ws;
      return new Promise((resolve, reject) => {
        this.calls.set(id, { resolve, reject });
        ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      });
    }
    return this.httpCall(method, params);
  }

  private async httpCall(method: string, params: unknown[]): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const wait = this.pausedUntil - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (this.stopped) throw new Error('fast lane stopped');
      const res = await fetch(this.options.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status === 429) {
        this.rateLimited += 1;
        await res.body?.cancel();
        const seconds = Number(res.headers.get('retry-after'));
        const pause = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_RETRY_AFTER_MS;
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + pause);
        if (attempt < HTTP_429_RETRIES) continue;
        throw new Error(`${method}: HTTP 429 from the node ${attempt + 1} times`);
      }
      const json = (await res.json()) as { result?: unknown; error?: { message: string } };
      if (json.error) throw new Error(`${method}: ${json.error.message}`);
      return json.result;
    }
  }

  private onMessage(text: string): void {
    let msg: {
      id?: number;
      result?: unknown;
      error?: { message: string };
      method?: string;
      params?: { subscription: string; result: unknown };
    };
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (msg.id !== undefined) {
      const call = this.calls.get(msg.id);
      this.calls.delete(msg.id);
      if (msg.error) call?.reject(new Error(msg.error.message));
      else call?.resolve(msg.result);
      return;
    }
    if (msg.method !== 'eth_subscription' || !msg.params) return;
    const kind = this.subs.get(msg.params.subscription);
    if (kind === 'logs') this.options.onLog(msg.params.result as RpcLog);
    else if (kind === 'newHeads') this.options.onHead(msg.params.result as RpcHead);
  }
}

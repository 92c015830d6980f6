/**
 * The fast lane: hears game events from the node itself, before the indexer has fetched, handled and
 * committed them, and hands them to the hub as provisional events.
 *
 * With a websocket it subscribes (`eth_subscribe`) to `logs` of the game contracts and to `newHeads`. For each
 * block that carries game logs it fetches the block with its transactions once (the mint method is read from
 * the transaction input), decodes with the indexer's own decoders (`@skald/chain/activity`), fills names from
 * a cache the stream keeps current, and emits the block's events as one batch. A log with `removed: true`, or
 * a new head at a height whose earlier block had announced events, withdraws them. Without a websocket (or
 * while it is down) it polls at the chain's block time. The indexer's commit stays the only confirmation.
 */
import { type ContractName, gameEventAbis, LIVE_DECODERS, plain } from '@skald/chain/activity';
import { encodeCursor, normalizeAddress } from '@skald/game';
import { type Abi, type Address, decodeEventLog, type Hex } from 'viem';
import WebSocket from 'ws';
import { type ActivityRow, type StreamEvent, toStreamEvent } from './events.ts';

type RpcLog = {
  address: Hex;
  topics: [Hex, ...Hex[]];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  removed?: boolean;
};
type RpcBlock = {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  timestamp: Hex;
  transactions: { hash: Hex; input: Hex }[];
};
type RpcHead = { number: Hex; hash: Hex; parentHash: Hex };

/**
 * characterId -> name and account -> selected characterId, loaded from the index and kept current by the events
 * the fast lane decodes, so provisional events carry the names their confirmed copies will.
 */
export class NameCache {
  private readonly names = new Map<string, string>();
  private readonly selected = new Map<string, string>();
  get(characterId: bigint | null): string | null {
    return characterId === null ? null : (this.names.get(characterId.toString()) ?? null);
  }
  set(characterId: bigint | string, name: string): void {
    this.names.set(characterId.toString(), name);
  }
  /** the name of the account's selected character */
  account(address: string | null): string | null {
    const id = address === null ? undefined : this.selected.get(address.toLowerCase());
    return id === undefined ? null : (this.names.get(id) ?? null);
  }
  select(address: string, characterId: bigint | string): void {
    if (BigInt(characterId) === 0n) this.selected.delete(address.toLowerCase());
    else this.selected.set(address.toLowerCase(), characterId.toString());
  }
  get size(): number {
    return this.names.size;
  }
}

export type FastLaneMode = 'websocket' | 'polling';

export type FastLaneOptions = {
  rpcUrl: string;
  /** the node's websocket; without it the lane polls */
  wsUrl?: string;
  contracts: Record<ContractName, Address>;
  /** the chain's block time: the polling interval (and the websocket retry delay) */
  pollMs: number;
  names: NameCache;
  onEvents(events: StreamEvent[]): void;
  /** provisional cursors the node withdrew */
  onRemoved(cursors: string[]): void;
  onHead(blockNumber: bigint): void;
  onError(error: unknown): void;
};

const RECENT_BLOCKS = 128;
/** how long start() waits for the node to take the subscriptions before going on (polling meanwhile) */
const SUBSCRIBE_WAIT_MS = 5_000;

export class FastLane {
  private ws: WebSocket | undefined;
  private wsOpen = false;
  private stopped = false;
  private onSubscribed: (() => void) | undefined;
  private nextId = 1;
  private readonly calls = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly subs = new Map<string, 'logs' | 'newHeads'>();
  private readonly contractByAddress = new Map<string, ContractName>();
  /** block number -> hash and the cursors announced from it (for reorgs) */
  private readonly announced = new Map<bigint, { hash: Hex; cursors: string[] }>();
  /** recent block reads, by hash */
  private readonly blocks = new Map<Hex, Promise<RpcBlock | null>>();
  /** blocks whose logs are gathering while the block itself is fetched */
  private readonly gathering = new Map<Hex, RpcLog[]>();
  private pollTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private polledTo: bigint | null = null;
  private polling = false;
  head: bigint | null = null;

  constructor(private readonly options: FastLaneOptions) {
    for (const [name, address] of Object.entries(options.contracts))
      this.contractByAddress.set(normalizeAddress(address), name as ContractName);
  }

  get mode(): FastLaneMode {
    return this.options.wsUrl ? 'websocket' : 'polling';
  }

  get connected(): boolean {
    return this.options.wsUrl ? this.wsOpen : true;
  }

  /**
   * Resolves once the node has taken both subscriptions (or after `SUBSCRIBE_WAIT_MS`, polling meanwhile), so a
   * gateway that reports itself started already hears the node.
   */
  async start(): Promise<void> {
    if (!this.options.wsUrl) return this.startPolling();
    const subscribed = new Promise<void>((resolve) => {
      this.onSubscribed = resolve;
    });
    this.connect();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([subscribed, new Promise((r) => (timer = setTimeout(r, SUBSCRIBE_WAIT_MS)))]);
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.ws?.removeAllListeners();
    this.ws?.on('error', () => {});
    this.ws?.terminate();
    for (const call of this.calls.values()) call.reject(new Error('fast lane stopped'));
    this.calls.clear();
  }

  /** Closes the node websocket as a network failure would: the lane polls, then reconnects. */
  dropConnection(): void {
    this.ws?.terminate();
  }

  // --- transport ---------------------------------------------------------------------------------------

  private connect(): void {
    if (this.stopped || !this.options.wsUrl) return;
    const ws = new WebSocket(this.options.wsUrl);
    this.ws = ws;
    ws.on('open', () => {
      this.wsOpen = true;
      this.stopPolling();
      const address = [...this.contractByAddress.keys()];
      const logs = this.call('eth_subscribe', ['logs', { address }]).then((id) =>
        this.subs.set(id as string, 'logs'),
      );
      const heads = this.call('eth_subscribe', ['newHeads']).then((id) =>
        this.subs.set(id as string, 'newHeads'),
      );
      Promise.all([logs, heads]).then(
        () => this.onSubscribed?.(),
        (e) => this.options.onError(e),
      );
    });
    ws.on('message', (data) => {
      // an unsolicited pong (RFC 6455 5.5.3, no reply expected) carries the TCP ACK of this message at once: a
      // node that writes without TCP_NODELAY (anvil) otherwise holds its next push until our delayed ACK, 30-40 ms
      ws.pong();
      this.onMessage(data.toString());
    });
    ws.on('error', (e) => this.options.onError(e));
    ws.on('close', () => {
      this.wsOpen = false;
      this.subs.clear();
      for (const call of this.calls.values()) call.reject(new Error('node websocket closed'));
      this.calls.clear();
      if (this.stopped) return;
      // the node is away: poll over HTTP meanwhile, and try the websocket again
      this.startPolling();
      this.retryTimer = setTimeout(() => this.connect(), Math.max(500, this.options.pollMs));
      this.retryTimer.unref();
    });
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
    if (kind === 'logs') this.onLog(msg.params.result as RpcLog);
    else if (kind === 'newHeads') this.onNewHead(msg.params.result as RpcHead);
  }

  /** JSON-RPC over the websocket when it is open, else over HTTP. */
  private call(method: string, params: unknown[]): Promise<unknown> {
    if (this.ws && this.wsOpen) {
      const id = this.nextId++;
      const ws = this.ws;
      return new Promise((resolve, reject) => {
        this.calls.set(id, { resolve, reject });
        ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      });
    }
    return fetch(this.options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(10_000),
    })
      .then((r) => r.json() as Promise<{ result?: unknown; error?: { message: string } }>)
      .then((json) => {
        if (json.error) throw new Error(`${method}: ${json.error.message}`);
        return json.result;
      });
  }

  // --- websocket notifications ---------------------------------------------------------------------------

  private onLog(log: RpcLog): void {
    if (log.removed) {
      this.options.onRemoved([cursorOf(log)]);
      return;
    }
    const waiting = this.gathering.get(log.blockHash);
    if (waiting) {
      waiting.push(log);
      return;
    }
    // the first log of a block: fetch the block once; logs arriving meanwhile join this batch
    const logs = [log];
    this.gathering.set(log.blockHash, logs);
    void this.block(log.blockHash)
      // the block may be read already: let the rest of its logs (same burst from the node) join first
      .then((block) => new Promise<RpcBlock | null>((resolve) => setImmediate(() => resolve(block))))
      .then((block) => {
        this.gathering.delete(log.blockHash);
        if (block) this.emit(block, logs);
      })
      .catch((e) => {
        this.gathering.delete(log.blockHash);
        this.options.onError(e);
      });
  }

  private onNewHead(head: RpcHead): void {
    const number = BigInt(head.number);
    this.reorgCheck(number, head.hash);
    const replaced = this.head !== null && number <= this.head;
    this.head = number;
    void this.block(head.hash).catch(() => {});
    this.options.onHead(number);
    // after a reorg the replacement blocks' logs may not be pushed: read them
    if (replaced) void this.readLogs(head.hash).catch((e) => this.options.onError(e));
  }

  /** Withdraws what was announced from blocks at or above `number` that are not this chain's blocks now. */
  private reorgCheck(number: bigint, hash: Hex): void {
    const gone: string[] = [];
    for (const [n, entry] of this.announced) {
      if (n < number || (n === number && entry.hash === hash)) continue;
      gone.push(...entry.cursors);
      this.announced.delete(n);
    }
    if (gone.length > 0) this.options.onRemoved(gone);
  }

  private async readLogs(blockHash: Hex): Promise<void> {
    const address = [...this.contractByAddress.keys()];
    const logs = (await this.call('eth_getLogs', [{ blockHash, address }])) as RpcLog[];
    if (logs.length === 0) return;
    const block = await this.block(blockHash);
    if (block) this.emit(block, logs);
  }

  /** One read per block: a new head starts it, so it is usually in flight when the block's logs arrive. */
  private block(hash: Hex): Promise<RpcBlock | null> {
    let fetch = this.blocks.get(hash);
    if (!fetch) {
      fetch = this.call('eth_getBlockByHash', [hash, true]) as Promise<RpcBlock | null>;
      fetch.catch(() => this.blocks.delete(hash));
      this.blocks.set(hash, fetch);
      if (this.blocks.size > 16) this.blocks.delete(this.blocks.keys().next().value as Hex);
    }
    return fetch;
  }

  // --- polling -----------------------------------------------------------------------------------------

  private startPolling(): void {
    if (this.pollTimer || this.stopped) return;
    this.pollTimer = setInterval(() => void this.poll(), this.options.pollMs);
    this.pollTimer.unref();
    void this.poll();
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  private async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      const latest = BigInt((await this.call('eth_blockNumber', [])) as Hex);
      if (this.polledTo === null) this.polledTo = this.head ?? latest;
      // a block announced earlier that the chain replaced since
      for (const [n, entry] of [...this.announced]) {
        const now = (await this.call('eth_getBlockByNumber', [
          `0x${n.toString(16)}`,
          false,
        ])) as RpcHead | null;
        if (!now || now.hash !== entry.hash) this.reorgCheck(n, now?.hash ?? '0x');
      }
      if (latest < this.polledTo) this.polledTo = latest;
      const from = this.polledTo + 1n;
      const to = latest - from > 50n ? from + 50n : latest;
      if (from <= to) {
        const address = [...this.contractByAddress.keys()];
        const logs = (await this.call('eth_getLogs', [
          { fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}`, address },
        ])) as RpcLog[];
        const byBlock = new Map<Hex, RpcLog[]>();
        for (const log of logs) {
          const list = byBlock.get(log.blockHash) ?? [];
          list.push(log);
          byBlock.set(log.blockHash, list);
        }
        for (const [hash, list] of byBlock) {
          const block = await this.block(hash);
          if (block) this.emit(block, list);
        }
        this.polledTo = to;
      }
      if (this.head === null || latest > this.head) this.head = latest;
      this.options.onHead(latest);
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.polling = false;
    }
  }

  // --- decoding ----------------------------------------------------------------------------------------

  private emit(block: RpcBlock, logs: RpcLog[]): void {
    const number = BigInt(block.number);
    const timestamp = BigInt(block.timestamp);
    const inputs = new Map(block.transactions.map((t) => [t.hash, t.input]));
    const events: StreamEvent[] = [];
    for (const log of logs.sort((a, b) => Number(BigInt(a.logIndex) - BigInt(b.logIndex)))) {
      const event = this.decode(log, number, timestamp, inputs.get(log.transactionHash));
      if (event) events.push(event);
    }
    if (events.length === 0) return;
    // a block at this height with other contents was announced: the node replaced it
    const earlier = this.announced.get(number);
    if (earlier && earlier.hash !== block.hash) {
      this.announced.delete(number);
      this.options.onRemoved(earlier.cursors);
    }
    const entry = this.announced.get(number);
    if (entry) entry.cursors.push(...events.map((e) => e.cursor));
    else this.announced.set(number, { hash: block.hash, cursors: events.map((e) => e.cursor) });
    for (const n of this.announced.keys()) if (n + BigInt(RECENT_BLOCKS) < number) this.announced.delete(n);
    this.options.onEvents(events);
  }

  private decode(log: RpcLog, blockNumber: bigint, timestamp: bigint, input: Hex | undefined) {
    const contract = this.contractByAddress.get(normalizeAddress(log.address));
    if (!contract) return undefined;
    let decoded: { eventName: string; args: Record<string, unknown> };
    try {
      decoded = decodeEventLog({
        abi: gameEventAbis[contract] as Abi,
        data: log.data,
        topics: log.topics,
      }) as never;
    } catch {
      return undefined; // an event the game's interfaces do not declare
    }
    const { eventName, args } = decoded;
    // the stream keeps the name cache current
    if (eventName === 'CharacterCreated') {
      this.options.names.set(args.characterId as bigint, String(args.name));
      this.options.names.select(String(args.account), args.characterId as bigint);
    }
    if (eventName === 'CharacterSelected')
      this.options.names.select(String(args.account), args.characterId as bigint);
    if (eventName === 'CharacterRenamed')
      this.options.names.set(args.characterId as bigint, String(args.newName));
    const decoder = LIVE_DECODERS[`${contract}:${eventName}`];
    if (!decoder) return undefined;
    const input0 = decoder(args, input, contract);
    const logIndex = Number(BigInt(log.logIndex));
    const characterId = input0.characterId ?? null;
    const row: ActivityRow = {
      cursor: encodeCursor({ blockNumber, logIndex }),
      blockNumber,
      logIndex,
      timestamp,
      txHash: log.transactionHash,
      type: input0.type,
      event: input0.event,
      account: input0.account ? normalizeAddress(input0.account) : null,
      characterId,
      otherCharacterId: input0.otherCharacterId ?? null,
      subjectId: input0.subjectId ?? null,
      payload: plain(input0.payload) as Record<string, unknown>,
      characterName: this.options.names.get(characterId),
      otherCharacterName: this.options.names.get(input0.otherCharacterId ?? null),
      accountName: this.options.names.account(input0.account ?? null),
    };
    return toStreamEvent(row);
  }
}

function cursorOf(log: RpcLog): string {
  return encodeCursor({ blockNumber: BigInt(log.blockNumber), logIndex: Number(BigInt(log.logIndex)) });
}

/**
 * The fast lane: hears game events from the node itself, before the indexer has fetched, handled and
 * committed them, and hands them to the hub as provisional events.
 *
 * With a websocket it subscribes (`eth_subscribe`) to `logs` of the game contracts and to `newHeads`
 * (transport.ts). For each block that carries game logs it fetches the block with its transactions once (the
 * mint method is read from the transaction input), decodes with the indexer's own decoders, fills names from a
 * cache the stream keeps current (decode.ts, names.ts), and emits the block's events as one batch. A log with
 * `removed: true`, or a new head at a height whose earlier block had announced events, withdraws them
 * (reorgs.ts). Without a websocket (none given, the node refused one, or while it is down) it polls at the
 * chain's block time: one eth_blockNumber, one eth_getLogs over the new blocks, one block read per block with
 * game logs, and one check that the newest announced block is still the chain's (a hash commits to its
 * ancestors, so the older ones are read only when it changed). That keeps it to a few calls a second on a
 * rate-limited public endpoint. The indexer's commit stays the only confirmation.
 */
import type { ContractName } from '@skald/chain/activity';
import type { Address, Hex } from 'viem';
import type { StreamEvent } from '../../events/activity.ts';
import { cursorOf, LogDecoder } from './decode.ts';
import type { NameCache } from './names.ts';
import { Announced } from './reorgs.ts';
import { NodeTransport, type RpcBlock, type RpcHead, type RpcLog } from './transport.ts';

export { learnNames, loadNames, NameCache } from './names.ts';

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

/** how long start() waits for the node to take the subscriptions before going on (polling meanwhile) */
const SUBSCRIBE_WAIT_MS = 5_000;

export class FastLane {
  private readonly decoder: LogDecoder;
  private readonly node: NodeTransport;
  private readonly announced = new Announced();
  private stopped = false;
  private onSubscribed: (() => void) | undefined;
  /** recent block reads, by hash */
  private readonly blocks = new Map<Hex, Promise<RpcBlock | null>>();
  /** blocks whose logs are gathering while the block itself is fetched */
  private readonly gathering = new Map<Hex, RpcLog[]>();
  private pollTimer: NodeJS.Timeout | undefined;
  private polledTo: bigint | null = null;
  private polling = false;
  head: bigint | null = null;

  constructor(private readonly options: FastLaneOptions) {
    this.decoder = new LogDecoder(options.contracts, options.names);
    this.node = new NodeTransport({
      rpcUrl: options.rpcUrl,
      wsUrl: options.wsUrl,
      addresses: this.decoder.addresses,
      retryMs: options.pollMs,
      onOpen: () => this.stopPolling(),
      onSubscribed: () => this.onSubscribed?.(),
      onClose: () => this.startPolling(),
      onRefused: (status) => {
        options.onError(
          new Error(`the node refused a websocket (HTTP ${status}): the fast lane polls over HTTP`),
        );
        this.startPolling();
        // start() need not wait for subscriptions that will not come
        this.onSubscribed?.();
      },
      onLog: (log) => this.onLog(log),
      onHead: (head) => this.onNewHead(head),
      onError: (e) => options.onError(e),
    });
  }

  get mode(): FastLaneMode {
    return this.options.wsUrl && !this.node.refused ? 'websocket' : 'polling';
  }

  get connected(): boolean {
    return this.mode === 'websocket' ? this.node.open : true;
  }

  /** 429 answers the node gave the lane's HTTP calls */
  get rateLimited(): number {
    return this.node.rateLimited;
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
    this.node.connect();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([subscribed, new Promise((r) => (timer = setTimeout(r, SUBSCRIBE_WAIT_MS)))]);
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.node.stop();
  }

  /** Closes the node websocket as a network failure would: the lane polls, then reconnects. */
  dropConnection(): void {
    this.node.drop();
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
    this.withdrawFrom(number, head.hash);
    const replaced = this.head !== null && number <= this.head;
    this.head = number;
    void this.block(head.hash).catch(() => {});
    this.options.onHead(number);
    // after a reorg the replacement blocks' logs may not be pushed: read them
    if (replaced) void this.readLogs(head.hash).catch((e) => this.options.onError(e));
  }

  private async readLogs(blockHash: Hex): Promise<void> {
    const address = this.decoder.addresses;
    const logs = (await this.node.call('eth_getLogs', [{ blockHash, address }])) as RpcLog[];
    if (logs.length === 0) return;
    const block = await this.block(blockHash);
    if (block) this.emit(block, logs);
  }

  /** One read per block: a new head starts it, so it is usually in flight when the block's logs arrive. */
  private block(hash: Hex): Promise<RpcBlock | null> {
    let fetch = this.blocks.get(hash);
    if (!fetch) {
      fetch = this.node.call('eth_getBlockByHash', [hash, true]) as Promise<RpcBlock | null>;
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
      const latest = BigInt((await this.node.call('eth_blockNumber', [])) as Hex);
      if (this.polledTo === null) this.polledTo = this.head ?? latest;
      // a block announced earlier that the chain replaced since: newest first, down to one still on the chain
      // (its ancestors are, too)
      const announced = this.announced.blocks().sort(([a], [b]) => (a > b ? -1 : a < b ? 1 : 0));
      for (const [n, hash] of announced) {
        const now = (await this.node.call('eth_getBlockByNumber', [
          `0x${n.toString(16)}`,
          false,
        ])) as RpcHead | null;
        if (now?.hash === hash) break;
        this.withdrawFrom(n, now?.hash ?? '0x');
      }
      if (latest < this.polledTo) this.polledTo = latest;
      const from = this.polledTo + 1n;
      const to = latest - from > 50n ? from + 50n : latest;
      if (from <= to) {
        const address = this.decoder.addresses;
        const logs = (await this.node.call('eth_getLogs', [
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

  // --- announcing --------------------------------------------------------------------------------------

  private emit(block: RpcBlock, logs: RpcLog[]): void {
    const events = this.decoder.block(block, logs);
    if (events.length === 0) return;
    // a block at this height with other contents was announced: the node replaced it
    const replaced = this.announced.add(
      BigInt(block.number),
      block.hash,
      events.map((e) => e.cursor),
    );
    if (replaced.length > 0) this.options.onRemoved(replaced);
    this.options.onEvents(events);
  }

  /** Withdraws what was announced from blocks at or above `number` that are not this chain's blocks now. */
  private withdrawFrom(number: bigint, hash: Hex): void {
    const gone = this.announced.withdrawFrom(number, hash);
    if (gone.length > 0) this.options.onRemoved(gone);
  }
}

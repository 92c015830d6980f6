/**
 * Confirmed is final: a confirmed-only socket.io subscriber (raw frames, no client-side de-duplication) across a
 * `kill -9` of the indexer, a Postgres restart and a gateway restart, with the chain producing events all along,
 * receives every event exactly once and in order; across real reorgs (depth 1, 3 and 5, with replacement
 * transactions) it receives exactly the orphaned cursors as retractions, and each replacement once, in order.
 *
 * The source reads each time on one snapshot of the index: the indexer commits a reorg's removal and its
 * replacement blocks separately, and a read spanning both once sent a replacement before the retraction of the
 * rows it replaced (source.test.ts has the same case over an in-memory index).
 *
 * Real parts: anvil, the indexer (Ponder, restarted as a supervisor would), an embedded Postgres of the test's
 * own (so restarting it disturbs nothing else), the gateway with its fast lane on the node.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANVIL_MNEMONIC, allSkaldAbis, anvilRpc, freePort } from '@skald/chain';
import { playWorld, startChain, type TestChain } from '@skald/chain/local';
import { startEmbeddedPostgres } from '@skald/db';
import type { RunningIndexer } from '@skald/indexer';
import { openReader, startTestIndexer, waitForIndexed } from '@skald/indexer/testing';
import type { ActivityFrame, RetractEvent } from '@skald/wire';
import { io, type Socket } from 'socket.io-client';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/serve.ts';
import { until } from './fixtures/live.ts';
import { testConfig, type World } from './fixtures/world.ts';

let chain: TestChain;
let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
let pgDir: string;
let pgPort: number;
let indexer: RunningIndexer;
let gateway: RunningGateway;
let gatewayPort: number;
let reader: ReturnType<typeof openReader>;
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;
const log = (line: string) => {
  if (process.env.SKALD_TEST_LOG) console.log(`[exactly-once] ${line}`);
};

const rpc = <T>(method: string, params: unknown[] = []) => anvilRpc<T>(chain.anvil.rpcUrl, method, params);

const world = () => ({ database: { databaseUrl: pg.databaseUrl }, indexer, chain }) as unknown as World;

async function startIndexer() {
  indexer = await startTestIndexer(chain, { databaseUrl: pg.databaseUrl });
  await indexer.ready(180_000);
}

async function startOurGateway() {
  gateway = await startGateway({
    port: gatewayPort,
    host: '127.0.0.1',
    databaseUrl: pg.databaseUrl,
    viewsSchema: 'skald',
    deploymentPath: chain.deploymentPath,
    indexerUrl: indexer.url,
    logLevel: process.env.SKALD_TEST_LOG ? 'info' : 'silent',
    config: { ...testConfig(world()), liveFallbackMs: 500 },
  });
}

const indexed = () => waitForIndexed(reader, chain, { timeoutMs: 180_000 });

/** Rows of the index after `after`: cursor, transaction and a digest of the row. */
async function rowsAfter(after: string) {
  return reader.sql<{ cursor: string; tx: string; digest: string }[]>`
    SELECT cursor, tx_hash AS tx, md5(payload::text || tx_hash || timestamp::text) AS digest
    FROM activity WHERE cursor > ${after} ORDER BY cursor`;
}

/**
 * What a confirmed-only client holds: every frame applied in arrival order, every retraction removing its
 * cursors. A cursor arriving while held is a duplicate; one arriving at or below the newest held cursor is out
 * of order (after a retraction the newest held cursor is below the orphaned range, so replacements are in order).
 */
class Subscriber {
  readonly held = new Map<string, string>();
  readonly duplicates: string[] = [];
  readonly outOfOrder: string[] = [];
  readonly retracted: string[] = [];
  readonly provisional: string[] = [];
  frames = 0;
  private newest: string;
  private socket: Socket | undefined;

  constructor(private readonly after: string) {
    this.newest = after;
  }

  connect(url: string): void {
    const socket = io(url, { transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 500 });
    this.socket = socket;
    socket.on('connect', () => {
      // resume after the newest cursor held (the client's durable resume point)
      socket.emit('subscribe', { topics: ['all'], confirmedOnly: true, after: this.resumeFrom() }, () => {});
    });
    socket.on('frame', (frame: ActivityFrame) => {
      this.frames += 1;
      for (const e of frame.events) {
        if (e.provisional) {
          this.provisional.push(e.cursor);
          continue;
        }
        if (this.held.has(e.cursor)) this.duplicates.push(e.cursor);
        else if (e.cursor <= this.newestHeld()) this.outOfOrder.push(e.cursor);
        this.held.set(e.cursor, e.txHash);
      }
    });
    socket.on('retract', (r: RetractEvent) => {
      for (const c of r.cursors) {
        if (c <= this.after || !this.held.has(c)) continue; // not an event this client holds
        this.retracted.push(c);
        this.held.delete(c);
      }
    });
  }

  private newestHeld(): string {
    let newest = this.after;
    for (const c of this.held.keys()) if (c > newest) newest = c;
    return newest;
  }

  resumeFrom(): string {
    this.newest = this.newestHeld();
    return this.newest;
  }

  cursors(): string[] {
    return [...this.held.keys()].sort();
  }

  close(): void {
    this.socket?.close();
  }
}

/** Keeps the bots playing until stopped. */
function load(seed: number) {
  const abort = new AbortController();
  const done = playWorld(chain, 1_000_000, { seed, actionsPerSecond: 6, signal: abort.signal }).catch((e) => {
    if (!abort.signal.aborted) throw e;
  });
  return {
    async stop() {
      abort.abort();
      await done;
    },
  };
}

beforeAll(async () => {
  const parent = mkdtempSync(join(tmpdir(), 'skald-once-'));
  chmodSync(parent, 0o777); // as root, embedded Postgres runs initdb as its own user
  pgDir = join(parent, 'pg');
  pgPort = await freePort();
  pg = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
  chain = await startChain();
  await playWorld(chain, 30, { seed: 61 });
  await startIndexer();
  reader = openReader({ databaseUrl: pg.databaseUrl });
  await indexed();
  gatewayPort = await freePort();
  await startOurGateway();
}, 300_000);

afterAll(async () => {
  await gateway?.stop().catch(() => {});
  await reader?.close().catch(() => {});
  await indexer?.stop().catch(() => {});
  await chain?.stop().catch(() => {});
  await pg?.stop().catch(() => {});
});

const stillHeld = async (since: number) => {
  // the bots keep producing while the part is away and back: give it time to show any replay
  await new Promise((r) => setTimeout(r, Math.max(0, 2000 - (Date.now() - since))));
};

describe('a confirmed-only subscriber', () => {
  it('receives every event exactly once across kill -9 of the indexer, a Postgres restart and a gateway restart', async () => {
    const [head] = await reader.sql<{ cursor: string }[]>`SELECT max(cursor) AS cursor FROM activity`;
    const start = head?.cursor as string;
    const sub = new Subscriber(start);
    sub.connect(gateway.url);
    const bots = load(62);
    await new Promise((r) => setTimeout(r, 4000));

    // 1. kill -9 of the indexer; restarted as the supervisor would (Ponder's crash recovery re-indexes its
    //    unfinalized blocks: rows are deleted and written again)
    log('kill -9 indexer');
    indexer.process.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 1000));
    await startIndexer();
    let since = Date.now();
    await stillHeld(since);

    // 2. Postgres restarted under the indexer and the gateway; the indexer does not outlive it and is restarted
    log('postgres restart');
    await pg.stop();
    await new Promise((r) => setTimeout(r, 1500));
    pg = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
    await Promise.race([
      until(() => indexer.process.exitCode !== null || indexer.process.signalCode !== null, 20_000),
      new Promise((r) => setTimeout(r, 20_000)),
    ]).catch(() => {});
    if (indexer.process.exitCode === null && indexer.process.signalCode === null)
      indexer.process.kill('SIGKILL');
    await startIndexer();
    since = Date.now();
    await stillHeld(since);

    // 3. gateway restart: the client resumes after the newest cursor it holds
    log('gateway restart');
    await gateway.stop();
    await startOurGateway();
    await new Promise((r) => setTimeout(r, 3000));

    await bots.stop();
    await indexed();
    const truth = (await rowsAfter(start)).map((r) => r.cursor);
    expect(truth.length).toBeGreaterThan(50);
    await until(() => sub.held.size >= truth.length, 60_000, 'the subscriber to catch up').catch(() => {});
    await new Promise((r) => setTimeout(r, 1500)); // anything extra would arrive now
    log(`frames ${sub.frames}, events ${sub.held.size}, truth ${truth.length}`);
    expect({
      duplicates: sub.duplicates,
      outOfOrder: sub.outOfOrder,
      retracted: sub.retracted,
      provisional: sub.provisional.length,
    }).toEqual({ duplicates: [], outOfOrder: [], retracted: [], provisional: 0 });
    expect(sub.cursors()).toEqual(truth);
    sub.close();
  }, 600_000);

  it('receives exactly the orphaned cursors as retractions across reorgs of depth 1 to 5, and each replacement once', async () => {
    await indexed();
    const [head] = await reader.sql<{ cursor: string }[]>`SELECT max(cursor) AS cursor FROM activity`;
    const start = head?.cursor as string;
    const sub = new Subscriber(start);
    sub.connect(gateway.url);
    const { Veras, Inventory } = chain.deployment.contracts;
    const grantVera = encodeFunctionData({
      abi: allSkaldAbis as Abi,
      functionName: 'admin_grantVera',
      args: [1n, 3, 2, 2, 2, 1, false],
    });
    const orphanedAll: string[] = [];
    for (const depth of [1, 3, 5]) {
      // `depth` blocks each holding one of the admin's mints (automine: one block per transaction)
      for (let i = 0; i < depth; i++) {
        const hash = await rpc<string>('eth_sendTransaction', [
          { from: admin, to: Veras, data: grantVera, gas: '0x2dc6c0' },
        ]);
        await until(async () => (await rpc('eth_getTransactionReceipt', [hash])) !== null, 10_000, 'receipt');
      }
      await indexed();
      const before = await rowsAfter(start);
      const expected = before.map((r) => r.cursor).join();
      await until(() => sub.cursors().join() === expected, 30_000, 'events before the reorg');
      // replacement transactions: a runix grant in the first replaced block, a mint in the last
      const grant = encodeFunctionData({
        abi: allSkaldAbis as Abi,
        functionName: 'admin_grantRunix',
        args: [1n, BigInt(100 + depth)],
      });
      await rpc('anvil_reorg', [
        depth,
        [
          [{ from: admin, to: Inventory, data: grant, gas: '0x2dc6c0' }, 0],
          [{ from: admin, to: Veras, data: grantVera, gas: '0x2dc6c0' }, depth - 1],
        ],
      ]);
      await rpc('evm_mine');
      await indexed();
      const after = new Map((await rowsAfter(start)).map((r) => [r.cursor, r]));
      // orphaned: rows of the old chain that the index no longer holds as they were
      const orphaned = before
        .filter((r) => {
          const now = after.get(r.cursor);
          return now === undefined || now.tx !== r.tx || now.digest !== r.digest;
        })
        .map((r) => r.cursor);
      expect(orphaned.length).toBeGreaterThanOrEqual(depth);
      orphanedAll.push(...orphaned);
      const truth = [...after.keys()];
      await until(
        () => sub.retracted.length >= orphanedAll.length && sub.cursors().join() === truth.join(),
        30_000,
        `reorg of depth ${depth} to reach the subscriber`,
      ).catch(() => {});
      expect(sub.cursors(), `depth ${depth}`).toEqual(truth);
      expect([...sub.retracted].sort(), `depth ${depth}`).toEqual([...orphanedAll].sort());
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect({ duplicates: sub.duplicates, outOfOrder: sub.outOfOrder }).toEqual({
      duplicates: [],
      outOfOrder: [],
    });
    expect([...sub.retracted].sort()).toEqual([...orphanedAll].sort());
    sub.close();
  }, 300_000);
});

/**
 * Live: 200 game transactions, one at a time on an automining anvil; for each, the time from the receipt to the
 * moment a separate reader process (LISTEN + cursor query on the views schema) sees its activity row.
 *
 * The indexer learns of a block from the node's `newHeads` websocket push, so the run also records when that push
 * reaches a bare websocket client here, after the same receipt: the floor no indexer on this node can beat.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ANVIL_MNEMONIC, allSkaldAbis } from '@skald/chain';
import {
  createTestDatabase,
  openReader,
  playWorld,
  startChain,
  startTestIndexer,
  waitForIndexed,
} from '@skald/harness';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import WebSocket from 'ws';
import { now, percentile, report } from './stats.ts';

const count = Number(process.env.BENCH_LIVE_EVENTS ?? 200);
const chain = await startChain();
await playWorld(chain, 30, { seed: 5 });
const database = await createTestDatabase('skald_bench');
const indexer = await startTestIndexer(chain, database);
await indexer.ready();
const reader = openReader(database);
await waitForIndexed(reader, chain);

const child = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./live-reader.ts', import.meta.url).pathname],
  {
    env: { ...process.env, DATABASE_URL: database.databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const seen = new Map<string, number>();
let listening: () => void = () => {};
const ready = new Promise<void>((r) => {
  listening = r;
});
createInterface({ input: child.stdout }).on('line', (line) => {
  if (line === 'listening') return listening();
  const [hash, at] = line.split(' ');
  if (hash && at && !seen.has(hash)) seen.set(hash, Number(at));
});
await ready;

// the node's own push of each new head, as a websocket subscriber sees it
const heads = new Map<number, number>();
const nodeSocket = new WebSocket(chain.anvil.rpcUrl.replace(/^http/, 'ws'));
await new Promise((resolve, reject) => nodeSocket.once('open', resolve).once('error', reject));
nodeSocket.on('message', (data) => {
  nodeSocket.pong(); // an immediate ACK, as the indexer's subscriber sends (see the Ponder patch 011)
  const message = JSON.parse(data.toString()) as { params?: { result?: { number?: string } } };
  const number = message.params?.result?.number;
  if (number) heads.set(Number(number), now());
});
nodeSocket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));

const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;
const rpc = async <T>(method: string, params: unknown[]) =>
  (
    (await (
      await fetch(chain.anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json()) as { result: T }
  ).result;
const data = encodeFunctionData({
  abi: allSkaldAbis as Abi,
  functionName: 'admin_grantRunix',
  args: [1n, 5n],
});
const latencies: number[] = [];
const headLatencies: number[] = [];
for (let i = 0; i < count; i++) {
  const hash = await rpc<string>('eth_sendTransaction', [
    { from: admin, to: chain.deployment.contracts.Inventory, data, gas: '0x2dc6c0' },
  ]);
  let receiptAt = 0;
  let block = 0;
  while (!receiptAt) {
    const receipt = await rpc<{ blockNumber: string } | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) {
      receiptAt = now();
      block = Number(receipt.blockNumber);
    } else await new Promise((r) => setTimeout(r, 1));
  }
  const deadline = now() + 10_000;
  while ((!seen.has(hash) || !heads.has(block)) && now() < deadline)
    await new Promise((r) => setTimeout(r, 1));
  const at = seen.get(hash);
  if (at !== undefined) latencies.push(Math.max(0, at - receiptAt));
  const head = heads.get(block);
  if (head !== undefined) headLatencies.push(Math.max(0, head - receiptAt));
}

report('live: receipt -> row visible to a separate reader', {
  events: latencies.length,
  'node newHeads push after receipt p50 (ms)': percentile(headLatencies, 50),
  'node newHeads push after receipt p99 (ms)': percentile(headLatencies, 99),
  'node newHeads push after receipt max (ms)': Math.max(...headLatencies),
  'receipt → row p50 (ms)': percentile(latencies, 50),
  'receipt → row max (ms)': Math.max(...latencies),
  'receipt → row p99 (ms)': percentile(latencies, 99),
});
child.kill();
nodeSocket.close();
await reader.close();
await indexer.stop();
await chain.stop();
await database.drop();

/**
 * Live: 200 game transactions, one at a time on an automining anvil; for each, the time from the receipt to the
 * moment a separate reader process (LISTEN + cursor query on the views schema) sees its activity row.
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
} from '@skald/e2e-test';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
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
for (let i = 0; i < count; i++) {
  const hash = await rpc<string>('eth_sendTransaction', [
    { from: admin, to: chain.deployment.contracts.Inventory, data, gas: '0x2dc6c0' },
  ]);
  let receiptAt = 0;
  while (!receiptAt) {
    if (await rpc('eth_getTransactionReceipt', [hash])) receiptAt = now();
    else await new Promise((r) => setTimeout(r, 1));
  }
  const deadline = now() + 10_000;
  while (!seen.has(hash) && now() < deadline) await new Promise((r) => setTimeout(r, 1));
  const at = seen.get(hash);
  if (at !== undefined) latencies.push(Math.max(0, at - receiptAt));
}

report('live: receipt -> row visible to a separate reader', {
  events: latencies.length,
  'receipt → row p50 (ms)': percentile(latencies, 50),
  'receipt → row max (ms)': Math.max(...latencies),
  'receipt → row p99 (ms)': percentile(latencies, 99),
});
child.kill();
await reader.close();
await indexer.stop();
await chain.stop();
await database.drop();

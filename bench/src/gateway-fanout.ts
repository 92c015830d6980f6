/**
 * Live-stream fan-out: BENCH_CLIENTS (5,000) socket.io clients subscribed to every event while admin grants
 * produce about BENCH_RATE (50) activity events per second for BENCH_SECONDS (20). Prints delivery p50/p99 as
 * fan-out spread (each client's receipt after the first client's receipt of the same event: the gateway's own
 * share) and end to end (transaction sent -> client received, which includes mining and indexing). Runs on one
 * gateway process, then on two sharing the stream through Redis (clients split between them).
 *   npm run bench:gateway-fanout -w @skald/bench
 */
import { ANVIL_MNEMONIC, allSkaldAbis } from '@skald/chain';
import { connectLive } from '@skald/gateway/live-client';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { gatewayProcess, indexedWorld, type Proc } from './gateway-setup.ts';
import { now, percentile, report } from './stats.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const REDIS_URL = process.env.SKALD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const world = await indexedWorld(20);
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;
const grant = encodeFunctionData({
  abi: allSkaldAbis as Abi,
  functionName: 'admin_grantRunix',
  args: [1n, 5n],
});
const rpc = (method: string, params: unknown[]) =>
  fetch(world.chain.anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  }).then((r) => r.json() as Promise<{ result: string }>);

async function measure(label: string, gateways: Proc[]) {
  const firstSeen = new Map<string, number>();
  const sentAt = new Map<string, number>();
  const spread: number[] = [];
  const e2e: number[] = [];
  let received = 0;
  const clients: ReturnType<typeof connectLive>[] = [];
  const t0 = now();
  for (let i = 0; i < CLIENTS; i += 250) {
    const batch = Array.from({ length: Math.min(250, CLIENTS - i) }, (_, j) => {
      const client = connectLive((gateways[(i + j) % gateways.length] as Proc).url, { reconnection: false });
      clients.push(client);
      return client.subscribe(
        { topics: ['all'] },
        {
          onEvent: (event) => {
            const t = now();
            received++;
            const first = firstSeen.get(event.cursor);
            if (first === undefined) firstSeen.set(event.cursor, t);
            spread.push(first === undefined ? 0 : t - first);
            const sent = sentAt.get(event.txHash);
            if (sent !== undefined) e2e.push(t - sent);
          },
        },
      );
    });
    await new Promise<void>((resolve) => {
      let open = 0;
      for (const c of clients.slice(i)) c.socket.once('connect', () => ++open === batch.length && resolve());
    });
    await Promise.all(batch);
  }
  const connectMs = now() - t0;
  // each grant emits RunixChanged + AdminGranted: two events per transaction
  const txPerSecond = RATE / 2;
  const end = now() + SECONDS * 1000;
  while (now() < end) {
    const started = now();
    const t = now();
    const { result } = await rpc('eth_sendTransaction', [
      { from: admin, to: world.chain.deployment.contracts.Inventory, data: grant, gas: '0x2dc6c0' },
    ]);
    sentAt.set(result, t);
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 / txPerSecond - (now() - started))));
  }
  await new Promise((r) => setTimeout(r, 3000));
  report(`live fan-out: ${label}`, {
    clients: CLIENTS,
    'connect + subscribe all (s)': connectMs / 1000,
    'events produced': firstSeen.size,
    'events/s': firstSeen.size / SECONDS,
    deliveries: received,
    'expected deliveries': firstSeen.size * CLIENTS,
    'fan-out spread p50 ms': percentile(spread, 50),
    'fan-out spread p99 ms (target <= 100)': percentile(spread, 99),
    'end-to-end p50 ms (tx sent -> received)': percentile(e2e, 50),
    'end-to-end p99 ms': percentile(e2e, 99),
  });
  for (const c of clients) c.close();
}

try {
  const one = await gatewayProcess(world);
  await measure('one process', [one]);
  await one.stop();
  const a = await gatewayProcess(world, { REDIS_URL });
  const b = await gatewayProcess(world, { REDIS_URL });
  await measure('two processes + Redis', [a, b]);
  await Promise.all([a.stop(), b.stop()]);
} finally {
  await world.stop();
}

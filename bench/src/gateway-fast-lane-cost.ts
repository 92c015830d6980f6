/**
 * What the fast lane costs each gateway process: two processes sharing the stream through Redis, no clients,
 * while admin grants produce BENCH_RATE (50) events per second in blocks mined every BENCH_BLOCK_MS (250) for
 * BENCH_SECONDS (20); once with the fast lane on (each process subscribes to the node and reads each block with
 * its transactions) and once with it off (SKALD_FAST_LANE=false). Printed: each process's CPU (cores) in both,
 * and the node's (anvil's) CPU, so that the price of "each process subscribes" is a figure.
 *   npm run bench:gateway-fast-lane-cost -w @skald/bench
 */
import { ANVIL_MNEMONIC, allSkaldAbis, anvilRpc } from '@skald/chain';
import { processCpuMs } from '@skald/e2e-test';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { gatewayProcess, indexedWorld, waitForIndexed } from './gateway-setup.ts';
import { fmt, now, report } from './stats.ts';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 250);
const REDIS_URL = process.env.SKALD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const world = await indexedWorld(20);
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;
const rpc = (method: string, params: unknown[]) => anvilRpc<string>(world.chain.anvil.rpcUrl, method, params);
const grant = encodeFunctionData({
  abi: allSkaldAbis as Abi,
  functionName: 'admin_grantRunix',
  args: [1n, 5n],
});
const anvilPid = world.chain.anvil.process.pid as number;

async function run(label: string, fastLane: boolean) {
  const env = { REDIS_URL, SKALD_FAST_LANE: String(fastLane) };
  const gateways = [await gatewayProcess(world, env), await gatewayProcess(world, env)];
  try {
    await new Promise((r) => setTimeout(r, 2000)); // the lease is taken, the lanes are connected
    const pids = gateways.map((g) => g.child.pid as number);
    const before = pids.map(processCpuMs);
    const anvilBefore = processCpuMs(anvilPid);
    await rpc('evm_setAutomine', [false]);
    const miner = setInterval(() => void rpc('evm_mine', []).catch(() => {}), BLOCK_MS);
    const started = now();
    // each grant emits two events
    const interval = 1000 / (RATE / 2);
    for (let due = started; due < started + SECONDS * 1000; due += interval) {
      await new Promise((r) => setTimeout(r, Math.max(0, due - now())));
      await rpc('eth_sendTransaction', [
        { from: admin, to: world.chain.deployment.contracts.Inventory, data: grant, gas: '0x493e0' },
      ]);
    }
    clearInterval(miner);
    await rpc('evm_setAutomine', [true]);
    await rpc('evm_mine', []);
    await waitForIndexed(world.reader, world.chain);
    const seconds = (now() - started) / 1000;
    const cores = pids.map((pid, i) => (processCpuMs(pid) - (before[i] as number)) / 1000 / seconds);
    report(label, {
      'events/s': RATE,
      'blocks/s': 1000 / BLOCK_MS,
      'gateway CPU (cores), each process': cores.map((c) => fmt(c, 3)).join(' + '),
      'node CPU (cores)': fmt((processCpuMs(anvilPid) - anvilBefore) / 1000 / seconds, 3),
    });
  } finally {
    await Promise.all(gateways.map((g) => g.stop()));
  }
}

try {
  await run('two gateway processes + Redis, fast lane on (each subscribes to the node)', true);
  await run('two gateway processes + Redis, fast lane off (confirmed events only)', false);
} finally {
  await world.stop();
}

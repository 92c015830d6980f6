/**
 * What the fast lane costs each gateway process: two processes sharing the stream through Redis, no clients,
 * while admin grants produce BENCH_RATE (50) events per second in blocks mined every BENCH_BLOCK_MS (250) for
 * BENCH_SECONDS (20); once with the fast lane on (each process subscribes to the node and reads each block with
 * its transactions) and once with it off (SKALD_FAST_LANE=false). Printed: each process's CPU (cores) in both,
 * and the node's (anvil's) CPU, so that the price of "each process subscribes" is a figure.
 *   npm run bench:gateway-fast-lane-cost -w @skald/bench
 */
import { processCpuMs } from '@skald/harness';
import { gatewayProcess, grantProducers, indexedWorld, waitForIndexed } from './gateway-setup.ts';
import { fmt, now, report } from './stats.ts';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 250);
const REDIS_URL = process.env.SKALD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const world = await indexedWorld(20);
const producers = await grantProducers(world, 1);
const anvilPid = world.chain.anvil.process.pid as number;

async function run(label: string, fastLane: boolean) {
  const env = { REDIS_URL, SKALD_FAST_LANE: String(fastLane) };
  const gateways = [await gatewayProcess(world, env), await gatewayProcess(world, env)];
  try {
    await new Promise((r) => setTimeout(r, 2000)); // the lease is taken, the lanes are connected
    const pids = gateways.map((g) => g.child.pid as number);
    const before = pids.map(processCpuMs);
    const anvilBefore = processCpuMs(anvilPid);
    const { started } = await producers.run({
      rate: RATE,
      seconds: SECONDS,
      blockMs: BLOCK_MS,
    });
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

/** Shared setup for the gateway benchmarks: an indexed world, gateway processes, and a Fastify hello-world. */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANVIL_MNEMONIC, allSkaldAbis, anvilRpc } from '@skald/chain';
import {
  createTestDatabase,
  freePort,
  openReader,
  playWorld,
  startChain,
  startTestIndexer,
  waitForIndexed,
} from '@skald/harness';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { now } from './stats.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function indexedWorld(actions: number) {
  const chain = await startChain();
  const database = await createTestDatabase('skald_bench_gw');
  await playWorld(chain, actions, { seed: 9 });
  const indexer = await startTestIndexer(chain, database);
  await indexer.ready(300_000);
  const reader = openReader(database);
  await waitForIndexed(reader, chain);
  return {
    chain,
    database,
    indexer,
    reader,
    async stop() {
      await reader.close();
      await indexer.stop();
      await chain.stop();
      await database.drop();
    },
  };
}

type World = Awaited<ReturnType<typeof indexedWorld>>;

/**
 * Live traffic for the gateway benchmarks: `producers` anvil accounts, made admins once here, that `run` has send
 * `admin_grantRunix` (two events each: RunixChanged + AdminGranted) in turn at `rate` events per second for
 * `seconds`, while blocks are mined on a clock every `blockMs`, as on a real chain (sends return at once and land
 * in the next block). `run` returns when the last block is mined, with each transaction's send time.
 */
export async function grantProducers(world: World, producers: number) {
  const { contracts } = world.chain.deployment;
  const abi = allSkaldAbis as Abi;
  const rpc = (method: string, params: unknown[]) =>
    anvilRpc<string>(world.chain.anvil.rpcUrl, method, params);
  // 300k gas each: a 3M limit would reserve a tenth of a block per grant and leave most of them pending
  const sendTx = (from: string, to: string, data: string) =>
    rpc('eth_sendTransaction', [{ from, to, data, gas: '0x493e0' }]);
  const admins = Array.from(
    { length: producers },
    (_, i) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).address,
  );
  // anvil's first account deployed the game and is admin; make the other producers admins too (ROLE_ADMIN = 1)
  for (const account of admins.slice(1))
    await sendTx(
      admins[0] as string,
      contracts.Roles,
      encodeFunctionData({ abi, functionName: 'grantRole', args: [account, 1] }),
    );
  const grant = encodeFunctionData({ abi, functionName: 'admin_grantRunix', args: [1n, 5n] });

  return {
    async run(options: { rate: number; seconds: number; blockMs: number }) {
      const sentAt = new Map<string, number>();
      /** Paces one producer account: a grant every `interval` ms, each awaited (anvil assigns the nonces). */
      const produce = async (from: string, interval: number, end: number, offset: number) => {
        let due = now() + offset;
        while (due < end) {
          await new Promise((r) => setTimeout(r, Math.max(0, due - now())));
          const t = now();
          sentAt.set(await sendTx(from, contracts.Inventory, grant), t);
          due += interval;
        }
      };
      await rpc('evm_setAutomine', [false]);
      const miner = setInterval(() => void rpc('evm_mine', []).catch(() => {}), options.blockMs);
      const started = now();
      // two events per transaction, spread over the producers
      const interval = (1000 * producers) / (options.rate / 2);
      const end = started + options.seconds * 1000;
      await Promise.all(admins.map((a, i) => produce(a, interval, end, (i * interval) / producers)));
      clearInterval(miner);
      await rpc('evm_setAutomine', [true]);
      await rpc('evm_mine', []);
      return { sentAt, started };
    },
  };
}

export type Proc = { url: string; child: ChildProcess; stop(): Promise<void> };

async function waitUp(url: string, child: ChildProcess, out: string[]) {
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start: ${out.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

export async function gatewayProcess(world: World, env: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort();
  const out: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(root, 'gateway'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: world.database.databaseUrl,
      INDEXER_URL: world.indexer.url,
      SKALD_DEPLOYMENT: world.chain.deploymentPath,
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      RATE_LIMIT_MAX: '1000000000',
      // every benchmark client connects from this one address
      LIVE_MAX_CONNECTIONS_PER_IP: '100000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => out.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => out.push(d.toString()));
  // BENCH_GATEWAY_LOG=1 shows the gateway's own log (LOG_LEVEL sets how much)
  if (process.env.BENCH_GATEWAY_LOG) {
    child.stdout?.pipe(process.stderr);
    child.stderr?.pipe(process.stderr);
  }
  const url = `http://127.0.0.1:${port}`;
  await waitUp(url, child, out);
  return { url, child, stop: stopper(child) };
}

const HELLO = `
const app = require('fastify')();
app.get('/health', async () => ({ ok: true }));
app.get('/hello', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

export async function helloWorld(): Promise<Proc> {
  const port = await freePort();
  const out: string[] = [];
  const child = spawn(process.execPath, ['-e', HELLO], {
    cwd: join(root, 'gateway'),
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (d: Buffer) => out.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUp(url, child, out);
  return { url, child, stop: stopper(child) };
}

export { waitForIndexed };

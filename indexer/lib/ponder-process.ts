/**
 * startIndexer: what `npm start`, tests and benchmarks call to run Ponder. It reads the deployment, asks the
 * chain for the start block's hash, drops a stale `ponder_sync` cache, picks the deployment schema (blue/green)
 * and spawns `ponder start --schema <deployment schema> --views-schema <stable views schema>`. It refuses to start
 * a Ponder that is not the patched one (lib/ponder-patches.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDeployment } from '@skald/chain/deployment';
import { applyTableComments } from '@skald/db/catalog';
import { stopProcess } from '@skald/db/process';
import postgres from 'postgres';
import { createPublicClient, http, toHex } from 'viem';
import { parseIndexerEnv } from './env.ts';
import { codeHash, deploymentSchema } from './identity.ts';
import { assertPonderPatched } from './ponder-patches.ts';
import { dropOrphanedIndex, ensureFreshSyncCache } from './sync-cache.ts';

export const indexerDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export type StartIndexerOptions = {
  databaseUrl: string;
  /** deployment file (default: SKALD_DEPLOYMENT or deployments/local.json) */
  deploymentPath?: string;
  /** stable schema readers query (default 'skald') */
  viewsSchema?: string;
  /** override the deployment's RPC URL / derived WebSocket URL */
  rpcUrl?: string;
  wsUrl?: string;
  /** HTTP port for /health, /ready, /status, /sync: INDEXER_PORT for a process (its default is in @skald/env) */
  port: number;
  /** override the deployment schema (tests) */
  schema?: string;
  /** extra environment for the Ponder process (SKALD_RPC_FANOUT, SKALD_GETLOGS_RANGE, PONDER_LOG_LEVEL...) */
  env?: Record<string, string>;
  log?: (line: string) => void;
};

export type RunningIndexer = {
  schema: string;
  viewsSchema: string;
  url: string;
  process: ChildProcess;
  /**
   * resolves when /ready answers 200 (backfill done, views published) and the table and column descriptions
   * are written as Postgres comments on the views and the deployment's tables
   */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM (and SIGCONT), then SIGKILL after 10 s */
  stop(): Promise<void>;
};

/**
 * Writes @skald/db's descriptions as COMMENT ON the views (and tables) of the given schemas, so `\d+` shows
 * them. Idempotent; call again after Ponder publishes new views (a blue/green switch recreates them).
 */
export async function commentIndex(databaseUrl: string, schemas: string[]): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    for (const schema of schemas) await applyTableComments(sql, schema);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function ponderBin(): string {
  // ESM-only package without a package.json export: its entry is dist/esm/index.js, beside bin/
  return join(dirname(fileURLToPath(import.meta.resolve('ponder'))), 'bin', 'ponder.js');
}

/**
 * V8's old-space limit for the Ponder process, in MB. Without it V8's default here (about 4 GB on a machine with
 * 23 GB) lets the heap and Ponder's indexing cache (a fifth of the heap limit) grow with the history: peak RSS
 * 714 MB at 100,000 events, 1,763 MB at 400,000. With 768 a backfill of 1,000,000 events peaked at 1,051 MB;
 * with 640 at 926 MB, at the same ratio to the raw fetch; the indexing cache is 192 MB with either (a fifth of
 * the limit, rounded up to 64 MB), so the difference is garbage V8 let stand (indexer/README.md, "At scale").
 */
export const PONDER_HEAP_MB = 640;

/**
 * Node flags for the Ponder process: the heap limit above, then `SKALD_PONDER_NODE_ARGS` (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to profile it; a `--max-old-space-size` there replaces the limit). V8's default young
 * generation is kept: a larger one (`--max-semi-space-size=64`) no longer speeds up the backfill, and in live
 * indexing each of its scavenges paused the process for 17-27 ms (5-8 ms with the default), which a block
 * arriving then waited out.
 */
export function ponderNodeArgs(extra = process.env.SKALD_PONDER_NODE_ARGS): string[] {
  const args = extra?.split(' ').filter(Boolean) ?? [];
  return args.some((a) => a.startsWith('--max-old-space-size'))
    ? args
    : [`--max-old-space-size=${PONDER_HEAP_MB}`, ...args];
}

/** Everything the Ponder process needs, validated before anything is spawned. */
export async function prepareIndexer(options: StartIndexerOptions) {
  const deployment = readDeployment(options.deploymentPath);
  const env = parseIndexerEnv({
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    SKALD_DEPLOYMENT: options.deploymentPath,
    SKALD_RPC_URL: options.rpcUrl,
    SKALD_WS_URL: options.wsUrl,
  });
  const rpcUrl = env.SKALD_RPC_URL ?? deployment.rpcUrl;
  const client = createPublicClient({ transport: http(rpcUrl) });
  const startBlock = await client.getBlock({ blockNumber: BigInt(deployment.startBlock) });
  const schema = options.schema ?? deploymentSchema(deployment, startBlock.hash, codeHash(indexerDir));
  const blockHash = async (number: bigint): Promise<string | null> => {
    const block = await client.request({ method: 'eth_getBlockByNumber', params: [toHex(number), false] });
    return block?.hash ?? null;
  };
  return { deployment, env, rpcUrl, startBlockHash: startBlock.hash, schema, blockHash };
}

export async function startIndexer(options: StartIndexerOptions): Promise<RunningIndexer> {
  // before anything else: an unpatched Ponder would run, with other behaviour, rather than fail
  assertPonderPatched();
  const log = options.log ?? ((line: string) => console.log(line));
  const viewsSchema = options.viewsSchema ?? 'skald';
  const port = options.port;
  const prepared = await prepareIndexer(options);
  const sql = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await ensureFreshSyncCache(sql, prepared.deployment.chainId, prepared.startBlockHash, log);
    await dropOrphanedIndex(sql, {
      chainId: prepared.deployment.chainId,
      schema: prepared.schema,
      blockHash: (number) => prepared.blockHash(number),
      log,
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
  log(
    `indexer: schema ${prepared.schema}, views ${viewsSchema}, chain ${prepared.deployment.chainId} from block ${prepared.deployment.startBlock}`,
  );

  const child = spawn(
    process.execPath,
    [
      ...ponderNodeArgs(),
      ponderBin(),
      'start',
      '--root',
      indexerDir,
      '--schema',
      prepared.schema,
      '--views-schema',
      viewsSchema,
      '--port',
      String(port),
    ],
    {
      cwd: indexerDir,
      env: {
        ...process.env,
        ...options.env,
        PONDER_TELEMETRY_DISABLED: 'true',
        DATABASE_URL: options.databaseUrl,
        // Ponder prefers PORT over --port: an inherited PORT (the gateway's) must not move it
        PORT: String(port),
        SKALD_RPC_URL: prepared.rpcUrl,
        ...(options.wsUrl ? { SKALD_WS_URL: options.wsUrl } : {}),
        ...(options.deploymentPath ? { SKALD_DEPLOYMENT: resolve(options.deploymentPath) } : {}),
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[ponder] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  let exited = child.exitCode !== null;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;

  return {
    schema: prepared.schema,
    viewsSchema,
    url,
    process: child,
    async ready(timeoutMs = 300_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (exited) throw new Error(`ponder exited (code ${child.exitCode}) before it was ready`);
        const ok = await fetch(`${url}/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return commentIndex(options.databaseUrl, [viewsSchema, prepared.schema]);
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`indexer not ready after ${timeoutMs} ms`);
    },
    stop: () => stopProcess(child, 10_000),
  };
}

export type StartReaderOptions = {
  /** a streaming replica of the indexer's database (or the primary itself) */
  databaseUrl: string;
  /** the views schema the indexer publishes (default 'skald'): the reader follows every redeploy's flip */
  viewsSchema?: string;
  deploymentPath?: string;
  rpcUrl?: string;
  port: number;
  log?: (line: string) => void;
};

export type RunningReader = Pick<RunningIndexer, 'url' | 'process' | 'stop'> & {
  /** resolves when /ready answers 200: the views schema is published */
  ready(timeoutMs?: number): Promise<void>;
};

/**
 * A GraphQL reader: Ponder's API server alone (`ponder serve`) on the views schema of another database, a
 * streaming replica, so GraphQL load stays off the primary the indexer writes. It reads the views, so a redeploy's
 * flip (replicated like any commit) moves it to the new version. It serves GraphQL and /sync; live queries
 * (/sql/*) stay with the indexer (SKALD_API_READER).
 */
export async function startReader(options: StartReaderOptions): Promise<RunningReader> {
  assertPonderPatched();
  const log = options.log ?? ((line: string) => console.log(line));
  const viewsSchema = options.viewsSchema ?? 'skald';
  const child = spawn(
    process.execPath,
    [
      ...ponderNodeArgs(),
      ponderBin(),
      'serve',
      '--root',
      indexerDir,
      '--schema',
      viewsSchema,
      '--port',
      String(options.port),
    ],
    {
      cwd: indexerDir,
      env: {
        ...process.env,
        PONDER_TELEMETRY_DISABLED: 'true',
        DATABASE_URL: options.databaseUrl,
        PORT: String(options.port),
        SKALD_API_READER: 'true',
        ...(options.rpcUrl ? { SKALD_RPC_URL: options.rpcUrl } : {}),
        ...(options.deploymentPath ? { SKALD_DEPLOYMENT: resolve(options.deploymentPath) } : {}),
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[ponder serve] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  let exited = child.exitCode !== null;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${options.port}`;
  return {
    url,
    process: child,
    async ready(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (exited) throw new Error(`ponder serve exited (code ${child.exitCode}) before it was ready`);
        const ok = await fetch(`${url}/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`GraphQL reader not ready after ${timeoutMs} ms`);
    },
    stop: () => stopProcess(child, 10_000),
  };
}

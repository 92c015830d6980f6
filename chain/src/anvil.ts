/**
 * Starts the anvil binary shipped in the @foundry-rs/anvil npm package (chain id 5611 by default) and waits
 * until it answers JSON-RPC. Used by `npm start`, tests and benchmarks alike.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export const SKALD_CHAIN_ID = 5611;
/** Anvil's well-known development mnemonic; its accounts are funded with 10,000 ETH each. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export type AnvilOptions = {
  port?: number;
  host?: string;
  chainId?: number;
  /** seconds between blocks (may be fractional); omitted = a block per transaction */
  blockTime?: number;
  accounts?: number;
  silent?: boolean;
  extraArgs?: string[];
  /** how long anvil may take to answer (default 15 s; loading a large `--load-state` file takes minutes) */
  startTimeoutMs?: number;
};

export type Anvil = {
  rpcUrl: string;
  wsUrl: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
};

export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}/package.json`;
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(pkg)), 'bin', 'anvil');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function rpcReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const port = options.port ?? (await freePort());
  const host = options.host ?? '127.0.0.1';
  const args = [
    '--port',
    String(port),
    '--host',
    host,
    '--chain-id',
    String(options.chainId ?? SKALD_CHAIN_ID),
    '--accounts',
    String(options.accounts ?? 10),
    '--mnemonic',
    ANVIL_MNEMONIC,
    ...(options.blockTime ? ['--block-time', String(options.blockTime)] : []),
    ...(options.extraArgs ?? []),
  ];
  // its own process group: a terminal's Ctrl-C reaches only our process, which stops the chain last
  const child = spawn(anvilBinaryPath(), args, {
    stdio: options.silent === false ? 'inherit' : 'ignore',
    detached: true,
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const rpcUrl = `http://${host}:${port}`;
  let exited = false;
  child.once('exit', () => {
    exited = true;
    process.off('exit', killOnExit);
  });
  const startTimeoutMs = options.startTimeoutMs ?? 15_000;
  const deadline = Date.now() + startTimeoutMs;
  while (!(await rpcReady(rpcUrl))) {
    if (exited) throw new Error(`anvil exited before answering on ${rpcUrl}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not answer on ${rpcUrl} within ${startTimeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    rpcUrl,
    wsUrl: `ws://${host}:${port}`,
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One raw JSON-RPC call (anvil's test methods: evm_mine, anvil_reorg, eth_sendTransaction from an unlocked account). */
export async function anvilRpc<T = unknown>(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

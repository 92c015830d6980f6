/**
 * Runs `npm start`'s launcher (scripts/launch.ts) as a user would, on free ports, and finds the processes it
 * runs. Shared by the supervisor test and the fresh-clone smoke in .ci/run. The tests that need only the parts
 * in-process (no launcher, no supervisor) use `@skald/harness` instead.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** `npm start` as a process of its own (not the in-process stack of `@skald/harness`). */
export type LaunchedStack = {
  child: ChildProcess;
  origin: string;
  ports: { gateway: number; anvil: number; indexer: number; postgres: number };
  lines: string[];
  /** resolves with the first output line matching, rejects when the stack exits first or time runs out */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  /**
   * `check`'s first defined value, asked every 250 ms; past `timeoutMs`, an error naming `what` with the stack's
   * last 40 lines
   */
  until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T>;
  /** seconds between the first output lines matching each pattern (their HH:MM:SS stamps), 0 when negative */
  secondsBetween(from: RegExp, to: RegExp): number;
  /** pids of every process under the launcher whose command line matches */
  find(pattern: RegExp): number[];
  /** every process under the launcher */
  descendants(): number[];
  /**
   * Ctrl-C, as a terminal sends it to the foreground process group; resolves with the exit code (null when the
   * process ended by the signal itself, as npm does after its script stops, or had to be killed)
   */
  interrupt(timeoutMs?: number): Promise<number | null>;
  /** the signal that ended the launcher, if any */
  exitSignal(): NodeJS.Signals | null;
};

function processTable(): Map<number, { ppid: number; cmd: string }> {
  const table = new Map<number, { ppid: number; cmd: string }>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      table.set(pid, { ppid, cmd });
    } catch {
      // exited meanwhile
    }
  }
  return table;
}

export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // a zombie has exited; only its parent has not collected it yet
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Ports of one stack: the balancer or gateway, up to 7 gateways behind it, anvil (+8),
 * the indexer (+10, +11 for a redeploy), the GraphQL reader (+12, +13), Postgres (+14), its replica (+15), Redis
 * (+16).
 */
const PORT_BLOCK = 20;

/** The first port of `count` consecutive free ports, below the system's ephemeral range (which freePort uses). */
export async function freePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 600) * 20;
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function launchStack(options: {
  root: string;
  env?: Record<string, string>;
  args?: string[];
  /** run `npm start` itself instead of its launcher script */
  viaNpm?: boolean;
  echo?: boolean;
}): Promise<LaunchedStack> {
  // one block of free ports for every part, each at its own offset: the stacks derive ports from others (the
  // indexer's redeploy port, the cluster's gateways, replica and reader), and ports picked one by one by the
  // system land next to each other, so one part's port + 1 could be another's
  const base = await freePortBlock(PORT_BLOCK);
  const ports = {
    gateway: base,
    anvil: base + 8,
    indexer: base + 10,
    postgres: base + 14,
  };
  const clusterPorts = {
    GATEWAY_PORT: String(base + 1),
    PG_REPLICA_PORT: String(base + 15),
    READER_PORT: String(base + 12),
    REDIS_PORT: String(base + 16),
  };
  const [command, ...args] = options.viaNpm
    ? ['npm', 'start', ...(options.args?.length ? ['--', ...options.args] : [])]
    : [
        process.execPath,
        '--import',
        'tsx',
        join(options.root, 'scripts', 'launch.ts'),
        ...(options.args ?? []),
      ];
  const child = spawn(command as string, args, {
    cwd: options.root,
    env: {
      ...process.env,
      PORT: String(ports.gateway),
      ANVIL_PORT: String(ports.anvil),
      INDEXER_PORT: String(ports.indexer),
      PG_PORT: String(ports.postgres),
      ...(options.args?.includes('--cluster') ? clusterPorts : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const waiters = new Set<(line: string) => void>();
  let pending = '';
  const onData = (chunk: Buffer) => {
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      if (options.echo) console.log(line);
      for (const w of waiters) w(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const launcher = child.pid ?? -1;

  const descendants = () => {
    const table = processTable();
    const found: number[] = [];
    const walk = (parent: number) => {
      for (const [pid, p] of table)
        if (p.ppid === parent) {
          found.push(pid);
          walk(pid);
        }
    };
    walk(launcher);
    return found;
  };

  return {
    child,
    origin: `http://127.0.0.1:${ports.gateway}`,
    ports,
    lines,
    descendants,
    find(pattern) {
      const table = processTable();
      return descendants().filter((pid) => pattern.test(table.get(pid)?.cmd ?? ''));
    },
    async until(what, timeoutMs, check) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const value = await check();
        if (value !== undefined) return value;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${lines.slice(-40).join('\n')}`);
    },
    secondsBetween(from, to) {
      const at = (pattern: RegExp) => {
        const line = lines.find((l) => pattern.test(l)) ?? '';
        const [h, m, sec] = (line.match(/^(\d\d):(\d\d):(\d\d)/)?.slice(1) ?? ['0', '0', '0']).map(Number);
        return (h as number) * 3600 + (m as number) * 60 + (sec as number);
      };
      return Math.max(0, at(to) - at(from));
    },
    waitForLine(pattern, timeoutMs) {
      const seen = lines.find((l) => pattern.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => done(new Error(`no line matching ${pattern} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const onExit = () =>
          done(new Error(`the stack exited before printing ${pattern}:\n${lines.slice(-30).join('\n')}`));
        const waiter = (line: string) => {
          if (pattern.test(line)) done(undefined, line);
        };
        const done = (error?: Error, line?: string) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          child.off('exit', onExit);
          if (error) reject(error);
          else resolve(line as string);
        };
        waiters.add(waiter);
        child.once('exit', onExit);
      });
    },
    exitSignal: () => child.signalCode,
    interrupt(timeoutMs = 60_000) {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        const timer = setTimeout(() => {
          process.kill(-launcher, 'SIGKILL');
          resolve(null);
        }, timeoutMs);
        child.once('exit', (code) => {
          clearTimeout(timer);
          resolve(code);
        });
        process.kill(-launcher, 'SIGINT');
      });
    },
  };
}

/**
 * `npm run redeploy` against the stack on `port`; with `changeCode`, a module is added under indexer/src for the
 * time of the call (a code change, as an edited handler is, with no effect on what the indexer writes) and
 * removed after it, whatever happens.
 */
export async function redeploy(
  root: string,
  port: number,
  options: { changeCode: boolean },
): Promise<{ code: number | null; output: string; seconds: number }> {
  const probe = join(root, 'indexer', 'src', 'redeploy-probe.ts');
  if (options.changeCode)
    writeFileSync(
      probe,
      '// a code change for `npm run redeploy` in the stack tests; removed after the call\nexport {};\n',
    );
  const started = Date.now();
  try {
    return await new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'redeploy.ts')], {
        cwd: root,
        env: { ...process.env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d) => {
        output += d;
      });
      child.stderr?.on('data', (d) => {
        output += d;
      });
      child.once('exit', (code) => resolve({ code, output, seconds: (Date.now() - started) / 1000 }));
    });
  } finally {
    rmSync(probe, { force: true });
  }
}

/**
 * `npm start` (production), `npm run dev` (`--dev`: the web app through Vite with HMR) and `npm run
 * start:cluster` (`--cluster`: the scaled-out topology of scripts/cluster/stack.ts, same supervision and log).
 *
 * This process is a thin launcher: it runs the stack supervisor (scripts/stack.ts) in its own process group, so a
 * terminal's Ctrl-C reaches only the launcher, which asks the supervisor to stop every part in order. If the
 * supervisor dies without cleaning up, the launcher kills what it left behind (every pid it reported), so no
 * anvil, Postgres or Node child outlives `npm start`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pids = new Set<number>();

const entry = process.argv.includes('--cluster') ? join(here, 'cluster', 'stack.ts') : join(here, 'stack.ts');
const supervisor: ChildProcess = spawn(
  process.execPath,
  ['--import', 'tsx', entry, ...process.argv.slice(2).filter((a) => a !== '--cluster')],
  { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], detached: true },
);
supervisor.on('message', (message: { pid?: number; gone?: number }) => {
  if (typeof message.pid === 'number') pids.add(message.pid);
  if (typeof message.gone === 'number') pids.delete(message.gone);
});

let signalled = 0;
const forward = (signal: NodeJS.Signals) => {
  signalled += 1;
  // a second Ctrl-C while stopping: stop now, without order
  supervisor.kill(signalled > 1 ? 'SIGKILL' : signal);
};
process.on('SIGINT', () => forward('SIGINT'));
process.on('SIGTERM', () => forward('SIGTERM'));
process.on('SIGHUP', () => forward('SIGTERM'));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

supervisor.once('exit', (code, signal) => {
  const left = [...pids].filter(alive);
  if (supervisor.pid) {
    try {
      process.kill(-supervisor.pid, 'SIGKILL');
    } catch {
      // the group is already empty
    }
  }
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  if (left.length > 0) console.error(`[skald] killed ${left.length} process(es) the supervisor left running`);
  process.exit(code ?? (signal ? 1 : 0));
});

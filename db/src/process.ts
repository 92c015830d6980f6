/**
 * Stopping a child process the way every supervisor here does (`npm start`'s parts, the tests' services, the
 * indexer's Ponder, embedded Postgres). It lives in @skald/db because every package that starts processes
 * depends on it, and it imports nothing, so importing it loads nothing else.
 */
import type { ChildProcess } from 'node:child_process';

/**
 * `signal` (and SIGCONT, so a stopped process acts on it), SIGKILL after `graceMs`. Resolves once the process is
 * gone, at once when it already is (a wait for an exit that has happened would never end).
 */
export function stopProcess(
  child: ChildProcess,
  graceMs: number,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill(signal);
    child.kill('SIGCONT');
  });
}

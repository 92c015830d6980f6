/**
 * Keeps one part of the stack running: when its process exits without being asked to, or its progress check
 * says it is stuck (a SIGSTOPped or wedged process never exits), the part is started again after a backoff
 * (0.5 s, doubling to 30 s; back to 0.5 s once it has stayed up for a minute). A stuck process is killed with
 * SIGKILL first (after SIGCONT, so a stopped one dies at once). Each death is logged once, with its cause. Each
 * start must resolve once the part is ready; a start that throws counts as a crash.
 */
import type { ChildProcess } from 'node:child_process';

export type PartProcess = { process: ChildProcess; stop(): Promise<void> };

export type SupervisorEvents = {
  say(message: string): void;
  warn(message: string): void;
  /** every pid this part runs, so the launcher can clean up after a hard crash */
  started?(pid: number): void;
  exited?(pid: number): void;
};

export type SupervisedOptions = {
  name: string;
  start(): Promise<PartProcess>;
  /** runs before every restart (not the first start), e.g. to release a lock the crashed process held */
  beforeRestart?(): Promise<void>;
  events: SupervisorEvents;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** up this long = healthy again, backoff resets */
  stableMs?: number;
  /**
   * Asked every `intervalMs` while the part is up (never two at once): a string says why the part is stuck
   * and gets it killed and restarted; null means it is making progress. Called with a fresh `since` (the
   * time the part became ready) on each start, so a check can keep its own state per process.
   */
  progress?: { intervalMs: number; check(since: number): Promise<string | null> };
};

export type Supervised = {
  name: string;
  /** restarts so far */
  readonly restarts: number;
  readonly current: PartProcess | undefined;
  /** no more restarts from now on (the stack is stopping); the process keeps running until stop() */
  hold(): void;
  /**
   * A new process in place of the running one without a moment of neither: `start` (the part's own when not
   * given) runs beside the current process; once it is ready the new one is watched and the old one stopped.
   * If the new one fails to start, the old one goes on and the error is thrown.
   */
  replace(start?: () => Promise<PartProcess>): Promise<void>;
  /** stop for good (no restart) */
  stop(): Promise<void>;
};

/** SIGCONT (a stopped process cannot act on anything else) then SIGKILL. */
export function killHard(child: ChildProcess): void {
  try {
    child.kill('SIGCONT');
    child.kill('SIGKILL');
  } catch {
    // already gone
  }
}

export async function supervise(options: SupervisedOptions): Promise<Supervised> {
  const { name, events } = options;
  const minBackoff = options.minBackoffMs ?? 500;
  const maxBackoff = options.maxBackoffMs ?? 30_000;
  const stableMs = options.stableMs ?? 60_000;
  let backoff = minBackoff;
  let restarts = 0;
  let stopped = false;
  /** no more restarts */
  let held = false;
  let current: PartProcess | undefined;
  let timer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;

  const watch = (part: PartProcess) => {
    current = part;
    const startedAt = Date.now();
    const pid = part.process.pid;
    if (pid) events.started?.(pid);
    /** why we killed it, when we did: its exit is then not a second death */
    let stuck: string | undefined;
    let progressTimer: NodeJS.Timeout | undefined;
    const progress = options.progress;
    if (progress) {
      const tick = async () => {
        if (stopped || current !== part) return;
        let reason: string | null = null;
        try {
          reason = await progress.check(startedAt);
        } catch {
          // the check itself could not tell (e.g. its database is down): not a verdict on the part
        }
        if (stopped || held || current !== part) return;
        if (reason) {
          stuck = reason;
          current = undefined;
          if (Date.now() - startedAt > stableMs) backoff = minBackoff;
          events.warn(
            `${name} is stuck: ${reason}; killing it, restarting in ${(backoff / 1000).toFixed(1)} s`,
          );
          killHard(part.process);
          // restarted once its exit is seen (below), so the new process never overlaps the old one
          return;
        }
        progressTimer = setTimeout(tick, progress.intervalMs);
      };
      progressTimer = setTimeout(tick, progress.intervalMs);
    }
    part.process.once('exit', (code, signal) => {
      if (progressTimer) clearTimeout(progressTimer);
      if (pid) events.exited?.(pid);
      if (stopped || held) return;
      if (stuck) return schedule();
      if (current !== part) return;
      current = undefined;
      if (Date.now() - startedAt > stableMs) backoff = minBackoff;
      const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
      events.warn(`${name} ${how}; restarting in ${(backoff / 1000).toFixed(1)} s`);
      schedule();
    });
  };

  const schedule = () => {
    const delay = backoff;
    backoff = Math.min(backoff * 2, maxBackoff);
    timer = setTimeout(() => {
      timer = undefined;
      restarting = (async () => {
        if (stopped) return;
        try {
          await options.beforeRestart?.();
          const part = await options.start();
          if (stopped) {
            await part.stop();
            return;
          }
          restarts += 1;
          watch(part);
          events.say(`${name} is back (restart ${restarts})`);
        } catch (error) {
          if (stopped) return;
          events.warn(`${name} failed to start: ${error instanceof Error ? error.message : error}`);
          schedule();
        }
      })();
    }, delay);
  };

  watch(await options.start());

  return {
    name,
    get restarts() {
      return restarts;
    },
    get current() {
      return current;
    },
    hold() {
      held = true;
      if (timer) clearTimeout(timer);
    },
    async replace(start = options.start) {
      if (stopped || held) throw new Error(`${name} is stopping`);
      await restarting;
      const next = await start();
      if (stopped || held) {
        await next.stop();
        throw new Error(`${name} is stopping`);
      }
      const old = current;
      // from here the old process's exit is not a death: it is no longer current
      watch(next);
      await old?.stop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await restarting;
      const part = current;
      current = undefined;
      await part?.stop();
    },
  };
}

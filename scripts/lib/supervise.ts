/**
 * Keeps one part of the stack running: when its process exits without being asked to, the part is started
 * again after a backoff (0.5 s, doubling to 30 s; back to 0.5 s once it has stayed up for a minute). Each start
 * must resolve once the part is ready; a start that throws counts as a crash.
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
};

export type Supervised = {
  name: string;
  /** restarts so far */
  readonly restarts: number;
  readonly current: PartProcess | undefined;
  /** stop for good (no restart) */
  stop(): Promise<void>;
};

export async function supervise(options: SupervisedOptions): Promise<Supervised> {
  const { name, events } = options;
  const minBackoff = options.minBackoffMs ?? 500;
  const maxBackoff = options.maxBackoffMs ?? 30_000;
  const stableMs = options.stableMs ?? 60_000;
  let backoff = minBackoff;
  let restarts = 0;
  let stopped = false;
  let current: PartProcess | undefined;
  let timer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;

  const watch = (part: PartProcess) => {
    current = part;
    const startedAt = Date.now();
    const pid = part.process.pid;
    if (pid) events.started?.(pid);
    part.process.once('exit', (code, signal) => {
      if (pid) events.exited?.(pid);
      if (stopped || current !== part) return;
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

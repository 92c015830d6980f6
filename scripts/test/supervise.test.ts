/**
 * The supervisor on real child processes (`sleep`): a death is logged once with its cause and the part comes
 * back; a part whose progress check says it is stuck (here a SIGSTOPped process, which never exits by itself)
 * is killed and restarted once, with the reason logged once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { type PartProcess, type Supervised, supervise } from '../lib/supervise.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const children: ChildProcess[] = [];
let supervised: Supervised | undefined;

function sleeper(): PartProcess {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  return {
    process: child,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        child.kill('SIGCONT');
      }),
  };
}

async function until(what: string, ms: number, ok: () => boolean) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

afterEach(async () => {
  await supervised?.stop();
  supervised = undefined;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

describe('supervise', () => {
  it('restarts a part that dies, saying once how it died', async () => {
    const warnings: string[] = [];
    const said: string[] = [];
    supervised = await supervise({
      name: 'part',
      start: async () => sleeper(),
      events: { say: (m) => said.push(m), warn: (m) => warnings.push(m) },
      minBackoffMs: 50,
    });
    const first = supervised.current?.process.pid as number;
    process.kill(first, 'SIGKILL');
    await until('restarted', 5000, () => supervised?.restarts === 1);
    expect(warnings).toEqual(['part killed by SIGKILL; restarting in 0.1 s']);
    expect(said).toEqual(['part is back (restart 1)']);
    expect(supervised.current?.process.pid).not.toBe(first);
  });

  it('kills and restarts a part that stops making progress (SIGSTOP), with the reason logged once', async () => {
    const warnings: string[] = [];
    let stopped = false;
    supervised = await supervise({
      name: 'part',
      start: async () => sleeper(),
      events: { say: () => {}, warn: (m) => warnings.push(m) },
      minBackoffMs: 50,
      progress: {
        intervalMs: 50,
        // "stuck" while the process is stopped (state T in /proc), as a head that stopped moving would be
        check: async () => (stopped ? 'its head has not moved for 3 blocks' : null),
      },
    });
    const first = supervised.current?.process as ChildProcess;
    process.kill(first.pid as number, 'SIGSTOP');
    stopped = true;
    await until('killed', 5000, () => first.signalCode === 'SIGKILL');
    stopped = false;
    await until('restarted', 5000, () => supervised?.restarts === 1);
    expect(warnings).toEqual([
      'part is stuck: its head has not moved for 3 blocks; killing it, restarting in 0.1 s',
    ]);
    // and the new one is left alone while it makes progress
    await sleep(300);
    expect(supervised.restarts).toBe(1);
    expect(warnings).toHaveLength(1);
  });

  it('replaces a running part: the new one starts beside it, then the old one stops without a restart', async () => {
    const warnings: string[] = [];
    supervised = await supervise({
      name: 'part',
      start: async () => sleeper(),
      events: { say: () => {}, warn: (m) => warnings.push(m) },
      minBackoffMs: 20,
    });
    const old = supervised.current?.process as ChildProcess;
    let oldAliveWhenNewStarted = false;
    await supervised.replace(async () => {
      oldAliveWhenNewStarted = old.exitCode === null && old.signalCode === null;
      return sleeper();
    });
    expect(oldAliveWhenNewStarted).toBe(true);
    expect(old.signalCode).toBe('SIGTERM');
    const next = supervised.current?.process as ChildProcess;
    expect(next.pid).not.toBe(old.pid);
    await sleep(200);
    // the old one's exit was asked for: no warning, no restart; the new one is supervised
    expect(warnings).toEqual([]);
    expect(supervised.restarts).toBe(0);
    process.kill(next.pid as number, 'SIGKILL');
    await until('restarted', 5000, () => supervised?.restarts === 1);
    expect(warnings).toEqual(['part killed by SIGKILL; restarting in 0.0 s']);
  });

  it('keeps the running part when its replacement fails to start', async () => {
    supervised = await supervise({
      name: 'part',
      start: async () => sleeper(),
      events: { say: () => {}, warn: () => {} },
    });
    const old = supervised.current?.process as ChildProcess;
    await expect(
      supervised.replace(async () => {
        throw new Error('the new version does not build');
      }),
    ).rejects.toThrow('the new version does not build');
    expect(supervised.current?.process).toBe(old);
    expect(old.exitCode).toBeNull();
  });

  it('a failing progress check (it cannot tell) is not a verdict', async () => {
    supervised = await supervise({
      name: 'part',
      start: async () => sleeper(),
      events: { say: () => {}, warn: () => {} },
      progress: {
        intervalMs: 20,
        check: async () => {
          throw new Error('database down');
        },
      },
    });
    await sleep(200);
    expect(supervised.restarts).toBe(0);
    expect(supervised.current?.process.exitCode).toBeNull();
  });
});

describe('supervise while stopping', () => {
  it('does not restart a part that dies once the stack is stopping (hold)', async () => {
    const warnings: string[] = [];
    supervised = await supervise({
      name: 'part',
      start: async () => sleeper(),
      events: { say: () => {}, warn: (m) => warnings.push(m) },
      minBackoffMs: 20,
    });
    const child = supervised.current?.process as ChildProcess;
    supervised.hold();
    process.kill(child.pid as number, 'SIGKILL');
    await until('exited', 5000, () => child.signalCode === 'SIGKILL');
    await sleep(200);
    expect(supervised.restarts).toBe(0);
    expect(warnings).toEqual([]);
  });
});

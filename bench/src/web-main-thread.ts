/**
 * Benchmark: how busy a phone's main thread is on the live pages while the game is played. Opens /, /live and
 * /battle/{id} of the production build in Chromium (a 412 px window) with the CPU slowed 4x (CDP
 * `Emulation.setCPUThrottlingRate`, the slowdown Lighthouse simulates) while the world simulator's bots play at
 * their default rate (`startBots`, as `npm start` runs them), and reads the renderer's main thread from a CDP
 * trace (`toplevel` tasks):
 *
 * - load: navigation until the page has hydrated and its live layer has settled (BENCH_SETTLE_MS after the
 *   hydration marker): main-thread time and the longest task (issue goal: none over 200 ms);
 * - after load, BENCH_SECONDS (default 60) of live updates: main-thread busy ms per second (mean, and the worst
 *   one-second window) and the longest task. Goals: <= 100 ms busy per second, no task over 50 ms.
 *
 * The host's load average is printed beside each route (the throttled figures scale with how busy the machine is).
 *
 * Env: BENCH_PROFILE=1 (a CPU profile of each live window: the functions by self time, on stderr), BENCH_SECONDS (default 60), BENCH_ROUTES (comma separated, {battle} is the seeded battle; default
 * /,/live,/battle/{battle}), BENCH_SETTLE_MS (default 3000), BENCH_CPU_RATE (default 4).
 * Needs built bundles: npm run build -w @skald/chain && npm run build -w @skald/web.
 */
import { loadavg } from 'node:os';
import { createPlayer, mined, type RunningBots, startBots, waitFor } from '@skald/harness';
import type { CDPSession } from 'playwright-core';
import { webStack } from './web/stack.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const ROUTES = (process.env.BENCH_ROUTES ?? '/,/live,/battle/{battle}').split(',').map((r) => r.trim());
/** BENCH_PROFILE=1: also a CPU profile of the live window, its functions by self time (where the time goes) */
const PROFILE = process.env.BENCH_PROFILE === '1';
const GOAL = { loadTaskMs: 200, busyPerSecondMs: 100, liveTaskMs: 50 };

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
};
type Task = { start: number; end: number };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Starts a trace of the renderer's top-level tasks; the returned function ends it and hands back its events. */
async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      // with BENCH_PROFILE, also the renderer's own work by kind (style, layout, paint, script, timers)
      includedCategories: ['toplevel', '__metadata', ...(PROFILE ? ['devtools.timeline', 'v8'] : [])],
      recordMode: 'recordContinuously',
    },
  });
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

/** The renderers' main threads ("pid:tid"). */
const rendererMains = (events: TraceEvent[]) =>
  new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );

/**
 * The page's main-thread tasks (ms, on the trace's clock): the top-level tasks of each renderer's main thread,
 * nested ones folded into the task around them; of several renderers, the busiest (the page's).
 */
function mainThreadTasks(events: TraceEvent[]): Task[] {
  const mains = rendererMains(events);
  const byThread = new Map<string, Task[]>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.cat.split(',').includes('toplevel') || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push({ start: e.ts / 1000, end: (e.ts + e.dur) / 1000 });
    byThread.set(key, list);
  }
  let best: Task[] = [];
  let bestBusy = -1;
  for (const list of byThread.values()) {
    list.sort((a, b) => a.start - b.start);
    const folded: Task[] = [];
    for (const t of list) {
      const last = folded.at(-1);
      if (last && t.start < last.end) last.end = Math.max(last.end, t.end);
      else folded.push({ ...t });
    }
    const busy = folded.reduce((sum, t) => sum + t.end - t.start, 0);
    if (busy > bestBusy) {
      bestBusy = busy;
      best = folded;
    }
  }
  return best;
}

/**
 * BENCH_PROFILE: the main thread's time by kind of work (devtools.timeline events: UpdateLayoutTree is style,
 * Layout, Paint, FunctionCall, TimerFire, ...), inclusive (a forced Layout inside a FunctionCall counts in both).
 */
function printTimeline(route: string, events: TraceEvent[]): void {
  const mains = rendererMains(events);
  const byThread = new Map<string, Map<string, number>>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.dur === undefined || !mains.has(key) || !e.cat.includes('devtools.timeline'))
      continue;
    const sums = byThread.get(key) ?? new Map<string, number>();
    sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000);
    byThread.set(key, sums);
  }
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const busiest = [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? new Map<string, number>();
  process.stderr.write(`  ${route} main thread by kind of work (ms, inclusive):\n`);
  for (const [name, ms] of [...busiest.entries()].sort((a, b) => b[1] - a[1]).slice(0, 18))
    process.stderr.write(`    ${ms.toFixed(0).padStart(6)}  ${name}\n`);
}

const longest = (tasks: Task[]) => tasks.reduce((max, t) => Math.max(max, t.end - t.start), 0);

/** BENCH_PROFILE: what the longest load task was made of (the traced work inside it of 5 ms or more). */
function printLongestLoadTask(route: string, tasks: Task[], events: TraceEvent[]): void {
  const task = tasks.reduce<Task | undefined>(
    (max, t) => (max === undefined || t.end - t.start > max.end - max.start ? t : max),
    undefined,
  );
  if (!task) return;
  const mains = rendererMains(events);
  process.stderr.write(`  ${route} longest load task, ${(task.end - task.start).toFixed(0)} ms:\n`);
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined || e.dur < 5_000) continue;
    const start = e.ts / 1000;
    if (start < task.start || start + e.dur / 1000 > task.end + 0.001) continue;
    if (!mains.has(`${e.pid}:${e.tid}`)) continue;
    const data = e.args?.data;
    const where = (data?.url ?? '').split('/').at(-1) || data?.functionName || '';
    process.stderr.write(
      `    ${(e.dur / 1000).toFixed(0).padStart(6)}  +${(start - task.start).toFixed(0).padStart(4)}  ${e.name} ${where}\n`,
    );
  }
}

/** Busy ms in each whole second of [from, to) (tasks split at the window edges). */
function busyPerSecond(tasks: Task[], from: number, to: number): number[] {
  const seconds = Math.floor((to - from) / 1000);
  const busy = new Array<number>(seconds).fill(0);
  for (const t of tasks) {
    for (let s = Math.max(0, Math.floor((t.start - from) / 1000)); s < seconds; s++) {
      const a = from + s * 1000;
      const b = a + 1000;
      if (t.start >= b) continue;
      if (t.end <= a) break;
      busy[s] = (busy[s] as number) + Math.min(b, t.end) - Math.max(a, t.start);
    }
  }
  return busy;
}

type CpuProfile = {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
};

/** Functions by self time; a built-in (no script) is named with the script function that called it. */
function printProfile(route: string, profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number | undefined): string => {
    const frame = id === undefined ? undefined : byId.get(id)?.callFrame;
    if (!frame) return '?';
    const file = frame.url.split('/').at(-1) || '(native)';
    return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    let key = name(id);
    if (!frame.url && frame.functionName && !frame.functionName.startsWith('(')) {
      let up = parent.get(id);
      while (up !== undefined && !byId.get(up)?.callFrame.url) up = parent.get(up);
      key += ` <- ${name(up)}`;
    }
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
  process.stderr.write(`  ${route} profile, self time (ms):\n`);
  for (const [key, ms] of top) process.stderr.write(`    ${ms.toFixed(0).padStart(6)}  ${key}\n`);
}

type Measured = {
  route: string;
  loadMs: number;
  loadBusyMs: number;
  loadLongestMs: number;
  busyMean: number;
  busyWorst: number;
  liveLongestMs: number;
  liveOver50: number;
  frames: number;
  loadAvg: string;
};

async function measureRoute(
  stack: Awaited<ReturnType<typeof webStack>>['stack'],
  route: string,
): Promise<Measured> {
  const { page, context } = await stack.page({ viewport: { width: 412, height: 823 } });
  try {
    let frames = 0;
    page.on('websocket', (ws) => ws.on('framereceived', () => frames++));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const endLoadTrace = await startTrace(cdp);
    const started = Date.now();
    await page.goto(`${stack.gateway.url}${route}`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 60_000 });
    const loadMs = Date.now() - started;
    await page.waitForTimeout(SETTLE_MS);
    const loadEvents = await endLoadTrace();
    const loadTasks = mainThreadTasks(loadEvents);
    if (PROFILE) printLongestLoadTask(route, loadTasks, loadEvents);

    frames = 0;
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const endLiveTrace = await startTrace(cdp);
    await page.waitForTimeout(SECONDS * 1000);
    const liveEvents = await endLiveTrace();
    const liveTasks = mainThreadTasks(liveEvents);
    if (PROFILE) printTimeline(route, liveEvents);
    if (PROFILE) printProfile(route, (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile);
    const first = liveTasks[0]?.start ?? 0;
    const last = liveTasks.at(-1)?.end ?? first;
    const perSecond = busyPerSecond(liveTasks, first, Math.max(last, first + SECONDS * 1000));
    const mean = perSecond.reduce((a, b) => a + b, 0) / Math.max(1, perSecond.length);
    return {
      route,
      loadMs,
      loadBusyMs: loadTasks.reduce((sum, t) => sum + t.end - t.start, 0),
      loadLongestMs: longest(loadTasks),
      busyMean: mean,
      busyWorst: Math.max(0, ...perSecond),
      liveLongestMs: longest(liveTasks),
      liveOver50: liveTasks.filter((t) => t.end - t.start > GOAL.liveTaskMs).length,
      frames,
      loadAvg: load(),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const { stack, playerId } = await webStack();
  let bots: RunningBots | undefined;
  try {
    const { game, gateway } = stack;
    const admin = game.contracts(0);
    const astrid = game.contracts(1);
    const bjornId = BigInt(await createPlayer(game, 2, 'Bjorn'));
    const bjorn = game.contracts(2);
    const veraOf = async (who: bigint) => {
      await mined(game, admin.veras.write.admin_grantVera([who, 1, 1, 2, 1, 1, false], { gas: 1_000_000n }));
      return admin.veras.read.totalMinted();
    };
    const veraId = await veraOf(playerId);
    const bjornVera = await veraOf(bjornId);
    await mined(game, astrid.battles.write.enterQueue([playerId, 1, [veraId]]));
    await mined(game, bjorn.battles.write.enterQueue([bjornId, 1, [bjornVera]]));
    const battleId = await admin.battles.read.battleCount();
    await waitFor('the seeded battle to be indexed', async () => {
      const res = await fetch(`${gateway.url}/api/battles/${battleId}`);
      return res.ok ? true : undefined;
    });
    const routes = ROUTES.map((r) => r.replace('{battle}', String(battleId)));

    // the bots of `npm start` (they sign admin grants with account 0: nothing here sends from it any more)
    bots = startBots(stack);
    await new Promise((r) => setTimeout(r, 5000)); // the bots have their vikings and play
    // warm-up: every route once, unthrottled (the server's first render, the image proxy's first encodings)
    const warm = await stack.page({ viewport: { width: 412, height: 823 } });
    for (const route of routes) await warm.page.goto(`${gateway.url}${route}`, { timeout: 120_000 });
    await warm.context.close();
    const loadBefore = load();
    const results: Measured[] = [];
    for (const route of routes) {
      const m = await measureRoute(stack, route);
      results.push(m);
      process.stderr.write(
        `  ${route}: ${m.busyMean.toFixed(0)} ms busy/s, longest ${m.liveLongestMs.toFixed(0)} ms\n`,
      );
    }
    const stats = await bots.stop();
    bots = undefined;

    const ms = (v: number) => `${v.toFixed(0)} ms`;
    console.log(
      `\nmain thread at ${CPU_RATE}x CPU slowdown (CDP), 412 px window, bots at their default rate; ${SECONDS} s of live updates per route after load`,
    );
    console.log(`load average before ${loadBefore}, after ${load()}; bots: ${JSON.stringify(stats)}`);
    console.log(
      `${'route'.padEnd(14)}${'hydrated'.padStart(9)}${'load busy'.padStart(10)}${'load max'.padStart(9)}${'busy/s'.padStart(8)}${'worst s'.padStart(8)}${'max task'.padStart(9)}${'>50ms'.padStart(6)}${'frames'.padStart(7)}  load avg`,
    );
    const missed: string[] = [];
    for (const r of results) {
      const goals: string[] = [];
      if (r.loadLongestMs > GOAL.loadTaskMs) goals.push(`load task > ${GOAL.loadTaskMs} ms`);
      if (r.busyMean > GOAL.busyPerSecondMs) goals.push(`busy > ${GOAL.busyPerSecondMs} ms/s`);
      if (r.liveLongestMs > GOAL.liveTaskMs) goals.push(`task > ${GOAL.liveTaskMs} ms after load`);
      if (goals.length) missed.push(`${r.route} (${goals.join(', ')})`);
      console.log(
        `${r.route.padEnd(14)}${ms(r.loadMs).padStart(9)}${ms(r.loadBusyMs).padStart(10)}${ms(r.loadLongestMs).padStart(9)}${ms(r.busyMean).padStart(8)}${ms(r.busyWorst).padStart(8)}${ms(r.liveLongestMs).padStart(9)}${String(r.liveOver50).padStart(6)}${String(r.frames).padStart(7)}  ${r.loadAvg}  ${goals.length ? `MISSED: ${goals.join(', ')}` : 'met'}`,
      );
    }
    console.log(
      `goals (no load task > ${GOAL.loadTaskMs} ms; after load <= ${GOAL.busyPerSecondMs} ms busy per second, no task > ${GOAL.liveTaskMs} ms): ${missed.length ? `MISSED on ${missed.join('; ')}` : 'met'}`,
    );
  } finally {
    await bots?.stop().catch(() => undefined);
    await stack.stop();
  }
}

await main();

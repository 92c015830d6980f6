/**
 * What the Ponder process spends its time on, read from its Prometheus `/metrics` and from the kernel's CPU
 * accounting of the process. Benchmarks take a sample before and after a phase and print the difference.
 */
import { readFileSync } from 'node:fs';

/** One scrape: every sample keyed by `name{labels}` exactly as Prometheus prints it. */
export type MetricsSample = Map<string, number>;

export async function scrapeMetrics(baseUrl: string): Promise<MetricsSample> {
  const res = await fetch(new URL('/metrics', baseUrl));
  if (!res.ok) throw new Error(`GET ${baseUrl}/metrics answered ${res.status}`);
  const sample: MetricsSample = new Map();
  for (const line of (await res.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    const value = Number(line.slice(cut + 1));
    if (Number.isFinite(value)) sample.set(line.slice(0, cut), value);
  }
  return sample;
}

/** utime + stime of a `/proc/.../stat` file, in ms. */
function statCpuMs(path: string): number {
  const stat = readFileSync(path, 'utf8');
  // fields after the command name (which may hold spaces) start at index 2 (state); utime, stime are 14, 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** CPU time (user + system, all threads) the process has used so far, in ms; Linux `/proc`. */
export function processCpuMs(pid: number): number {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** CPU time one thread of a process has used so far, in ms; the main thread's id is the process id. */
export function threadCpuMs(pid: number, tid = pid): number {
  return statCpuMs(`/proc/${pid}/task/${tid}/stat`);
}

/** The most memory the process has held resident so far (VmHWM), in MB; Linux `/proc`. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

/** The whole machine's CPU time so far, all cores, in ms: busy (everything but idle and iowait) and total. */
export function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] as string;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: ((total - idle) * 1000) / 100, total: (total * 1000) / 100 };
}

/**
 * `metric_sum` per value of `label` between two samples, in the metric's unit (ms for Ponder's durations); with
 * `where`, only the series whose labels hold those values.
 */
export function sumBy(
  before: MetricsSample,
  after: MetricsSample,
  metric: string,
  label: string,
  where: Record<string, string> = {},
) {
  const out = new Map<string, number>();
  const re = new RegExp(`^${metric}\\{(.*)\\}$`);
  const wanted = Object.entries(where).map(([k, v]) => `${k}="${v}"`);
  for (const [key, value] of after) {
    const match = re.exec(key);
    if (!match || !wanted.every((pair) => (match[1] as string).includes(pair))) continue;
    const labelValue = new RegExp(`${label}="([^"]*)"`).exec(match[1] as string)?.[1] ?? '';
    const delta = value - (before.get(key) ?? 0);
    if (delta !== 0) out.set(labelValue, (out.get(labelValue) ?? 0) + delta);
  }
  return out;
}

/** How many statements of each database method (Ponder's labels: `insert_logs`, `select_logs`, ...) the process ran. */
export async function databaseCalls(baseUrl: string): Promise<Map<string, number>> {
  return sumBy(new Map(), await scrapeMetrics(baseUrl), 'ponder_database_method_duration_count', 'method');
}

/**
 * The rows a benchmark prints: total time in Ponder's database methods, RPC requests and indexing functions
 * between two samples (sums over concurrent operations, so they can exceed wall time), the largest database
 * methods, and the counts behind them.
 */
export function metricsReport(before: MetricsSample, after: MetricsSample, topMethods = 6) {
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const db = sumBy(before, after, 'ponder_database_method_duration_sum', 'method');
  const dbCount = sumBy(before, after, 'ponder_database_method_duration_count', 'method');
  const rpc = sumBy(before, after, 'ponder_rpc_request_duration_sum', 'method');
  const rpcCount = sumBy(before, after, 'ponder_rpc_request_duration_count', 'method');
  const handlers = sumBy(before, after, 'ponder_indexing_function_duration_sum', 'event');
  const rows: Record<string, string> = {
    'metrics: database methods (ms)': `${Math.round(total(db))} in ${total(dbCount)} calls`,
    'metrics: rpc requests (ms)': `${Math.round(total(rpc))} in ${total(rpcCount)} calls`,
    'metrics: indexing functions (ms)': `${Math.round(total(handlers))}`,
  };
  const cacheRequests = sumBy(before, after, 'ponder_indexing_cache_requests_total', 'type');
  const cacheMs = sumBy(before, after, 'ponder_indexing_cache_query_duration_sum', 'method');
  rows['metrics: store cache misses (reads sent to db)'] =
    `${cacheRequests.get('miss') ?? 0} of ${total(cacheRequests)} (${Math.round(cacheMs.get('find') ?? 0)} ms)`;
  // the tables whose reads went to the database (a table evicted from the cache), most first
  const missed = [...sumBy(before, after, 'ponder_indexing_cache_requests_total', 'table', { type: 'miss' })]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  if (missed.length > 0) rows['  misses by table'] = missed.map(([t, n]) => `${t} ${n}`).join(', ');
  rows['metrics: store flushes (ms)'] = `${Math.round(cacheMs.get('flush') ?? 0)}`;
  // backfill only: time the indexing loop waited for synced data ("extract") vs spent indexing ("transform"),
  // and the indexing time by step
  const groups = sumBy(before, after, 'ponder_historical_concurrency_group_duration', 'group');
  if (groups.size > 0) {
    rows['metrics: backfill waiting for sync (ms)'] = `${Math.round(groups.get('extract') ?? 0)}`;
    rows['metrics: backfill indexing (ms)'] = `${Math.round(groups.get('transform') ?? 0)}`;
    const steps = sumBy(before, after, 'ponder_historical_transform_duration', 'step');
    rows['  indexing steps (ms)'] = [...steps.entries()].map(([k, v]) => `${k} ${Math.round(v)}`).join(', ');
  }
  const top = [...db.entries()].sort((a, b) => b[1] - a[1]).slice(0, topMethods);
  for (const [method, ms] of top)
    rows[`  db ${method} (ms)`] = `${Math.round(ms)} in ${dbCount.get(method) ?? 0} calls`;
  for (const [method, ms] of [...rpc.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3))
    rows[`  rpc ${method} (ms)`] = `${Math.round(ms)} in ${rpcCount.get(method) ?? 0} calls`;
  return rows;
}

/**
 * Reads on a streaming replica (DATABASE_READ_URL), with the primary as the fallback. Once a second the replica
 * is asked how far its replay is (`pg_last_wal_replay_lsn`, `pg_last_xact_replay_timestamp`) and the primary
 * where its WAL is (`pg_current_wal_lsn`): the replica is behind by the bytes between the two, and by the time
 * since the last transaction it replayed while any are left (0 when it has replayed everything). While it
 * answers, is in recovery and is within REPLICA_MAX_LAG_MS, reads go to it; otherwise to the primary, so a
 * lagging or restarting replica never serves stale rows past the bound nor fails a read for longer than a check.
 */
import type { SkaldDb } from '@skald/db';
import type { ReplicaStatus } from '@skald/wire/rest';

export type { ReplicaStatus };

export type ReplicaRouter = {
  /** the connection reads use now */
  current(): SkaldDb;
  readonly replica: SkaldDb;
  status(): ReplicaStatus;
  /** check now (tests; the loop checks once a second) */
  check(): Promise<ReplicaStatus>;
  stop(): void;
};

const CHECK_MS = 1000;
const CHECK_TIMEOUT_MS = 1000;
/** checks timing out in a row before a slow replica counts as down (a refused connection counts at once) */
const SLOW_CHECKS_DOWN = 3;

class CheckTimeout extends Error {}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CheckTimeout(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createReplicaRouter(options: {
  primary: SkaldDb;
  replica: SkaldDb;
  maxLagMs: number;
  onSwitch?(status: ReplicaStatus): void;
}): ReplicaRouter {
  const { primary, replica, maxLagMs } = options;
  let state: ReplicaStatus = {
    reads: 'primary',
    reason: 'not checked yet',
    lagMs: null,
    lagBytes: null,
    maxLagMs,
    checkedAt: null,
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let checked = false;
  let slowChecks = 0;

  async function measure(): Promise<{ lagMs: number; lagBytes: number }> {
    const [r] = await within(
      replica.sql<{ recovery: boolean; replay: string | null; age_ms: number | null }[]>`
        select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replay,
          (extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 as age_ms`,
      CHECK_TIMEOUT_MS,
      'the replica',
    );
    if (!r?.recovery || !r.replay) throw new Error('it is not a standby in recovery');
    const [p] = await within(
      primary.sql<{ bytes: string }[]>`
        select greatest(0, pg_wal_lsn_diff(pg_current_wal_lsn(), ${r.replay}::pg_lsn))::text as bytes`,
      CHECK_TIMEOUT_MS,
      'the primary',
    );
    const lagBytes = Number(p?.bytes ?? 0);
    return { lagBytes, lagMs: lagBytes === 0 ? 0 : Math.max(0, Math.round(r.age_ms ?? 0)) };
  }

  async function check(): Promise<ReplicaStatus> {
    let next: ReplicaStatus;
    const checkedAt = new Date().toISOString();
    try {
      const { lagMs, lagBytes } = await measure();
      const over = lagMs > maxLagMs;
      next = {
        reads: over ? 'primary' : 'replica',
        reason: over ? `the replica is ${lagMs} ms behind (limit ${maxLagMs} ms)` : null,
        lagMs,
        lagBytes,
        maxLagMs,
        checkedAt,
      };
      slowChecks = 0;
    } catch (error) {
      // one slow answer on a busy machine is not an outage; reads fail over to the primary per query meanwhile
      slowChecks = error instanceof CheckTimeout ? slowChecks + 1 : SLOW_CHECKS_DOWN;
      if (checked && state.reads === 'replica' && slowChecks < SLOW_CHECKS_DOWN) return state;
      next = {
        reads: 'primary',
        reason: `the replica cannot be read (${error instanceof Error ? error.message : String(error)})`,
        lagMs: null,
        lagBytes: null,
        maxLagMs,
        checkedAt,
      };
    }
    if (checked && next.reads !== state.reads) options.onSwitch?.(next);
    else if (!checked && next.reads === 'primary') options.onSwitch?.(next);
    checked = true;
    state = next;
    return state;
  }

  const loop = () => {
    if (stopped) return;
    timer = setTimeout(() => void check().finally(loop), CHECK_MS);
    timer.unref();
  };
  void check().finally(loop);

  return {
    current: () => (state.reads === 'replica' ? replica : primary),
    replica,
    status: () => state,
    check,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** Errors after which the same read is tried again on the primary: the replica went away or cancelled it. */
const RETRY_ON_PRIMARY = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up), a conflict with recovery
  '57P01',
  '57P02',
  '57P03',
  '40001',
]);

export function retriesOnPrimary(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && RETRY_ON_PRIMARY.has(code);
}

/**
 * One object of repositories (`{ veras: { byId() … } … }`) whose reads go where the router says, and a read the
 * replica fails by going away is made again on the primary, so a replica restart costs no failed request.
 */
export function routedRepositories<R extends Record<string, Record<string, unknown>>>(
  router: ReplicaRouter,
  onReplica: R,
  onPrimary: R,
): R {
  const groups = {} as Record<string, unknown>;
  for (const [name, group] of Object.entries(onPrimary)) {
    const methods = {} as Record<string, unknown>;
    for (const [method, value] of Object.entries(group)) {
      if (typeof value !== 'function') {
        methods[method] = value;
        continue;
      }
      const primaryFn = value as (...args: unknown[]) => unknown;
      const replicaFn = onReplica[name]?.[method] as (...args: unknown[]) => unknown;
      methods[method] = (...args: unknown[]) => {
        if (router.current() !== router.replica) return primaryFn(...args);
        const answer = replicaFn(...args);
        if (!(answer instanceof Promise)) return answer;
        return answer.catch((error: unknown) => {
          if (!retriesOnPrimary(error)) throw error;
          return primaryFn(...args);
        });
      };
    }
    groups[name] = methods;
  }
  return groups as R;
}

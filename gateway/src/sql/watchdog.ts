/**
 * The analysts' watchdog: the role's statement timeout is only a default (a psql session may `SET
 * statement_timeout = 0`), so the gateway, on its owner connection, cancels every statement of the analyst role in
 * this database that has run past the limit, ends the backend when it is still running well after that, and ends
 * sessions left idle inside a transaction (they hold locks and a connection slot). Whatever the analyst set.
 */
import type { Sql } from 'postgres';

export type WatchdogOptions = {
  owner: Sql;
  /** the analyst role (several gateways may watch the same one: a second cancel is harmless) */
  role: string;
  /** the statement limit in ms; a statement is cancelled once it has run this plus a second */
  limitMs: number;
  /** an analyst session idle inside a transaction this long is ended (default 60 s) */
  idleInTransactionMs?: number;
  /** how often to look (default 1 s) */
  intervalMs?: number;
  onAction?: (action: { pid: number; action: 'cancel' | 'terminate'; state: string }) => void;
  onError?: (error: unknown) => void;
};

export type Watchdog = { sweep(): Promise<number>; stop(): Promise<void> };

export function startAnalystWatchdog(options: WatchdogOptions): Watchdog {
  const cancelAfter = (options.limitMs + 1000) / 1000;
  const terminateAfter = (options.limitMs * 2 + 10_000) / 1000;
  const idleAfter = (options.idleInTransactionMs ?? 60_000) / 1000;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function sweepOnce(): Promise<number> {
    const rows = await options.owner<{ pid: number; action: 'cancel' | 'terminate'; state: string }[]>`
      with over as (
        select pid, state,
               case when state = 'active' and query_start < now() - make_interval(secs => ${terminateAfter})
                      then 'terminate'
                    when state = 'active' then 'cancel'
                    else 'terminate' end as action
        from pg_stat_activity
        where usename = ${options.role} and datname = current_database() and pid <> pg_backend_pid()
          and ((state = 'active' and query_start < now() - make_interval(secs => ${cancelAfter}))
            or (state like 'idle in transaction%' and state_change < now() - make_interval(secs => ${idleAfter})))
      )
      select pid, state, action,
             case when action = 'cancel' then pg_cancel_backend(pid) else pg_terminate_backend(pid) end as done
      from over`;
    for (const row of rows) options.onAction?.(row);
    return rows.length;
  }

  const sweep = () => {
    running ??= sweepOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (stopped) return;
    sweep().catch((error) => options.onError?.(error));
  }, options.intervalMs ?? 1000);
  timer.unref();

  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}

/**
 * Outsiders' SQL (/sql/db). The statement is first checked by Postgres's own parser (statement.ts: one SELECT,
 * nothing that outlives the request), then run on the analyst connection (the read-only role when configured) in a
 * READ ONLY transaction with the views schema on the search path, under a statement timeout, as a server-side
 * cursor of which at most `maxRows + 1` rows are fetched. Postgres still decides what the role may read: a table
 * outside the views schema fails there, and every failure is mapped to a 4xx naming what was wrong (503 only
 * when the database itself is unavailable). A statement still running past its timeout is cancelled from the
 * owner's connection, and its backend ended a little later if the cancel did not stop it, so no request waits
 * forever and no pooled connection stays pinned. At most `slots` statements run at once (the pool), at most
 * `perClient` for one client address.
 */
import postgres, { type Sql } from 'postgres';
import { SqlQueryError } from './errors.ts';
import { checkStatement } from './statement.ts';

export { SqlQueryError } from './errors.ts';

export type SqlLimits = { timeoutMs: number; maxRows: number };
export type SqlRequest = { sql: string; params: unknown[] };
export type SqlAnswer = {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
  rowCount: number;
  /** more rows matched than the cap; the answer holds the first `maxRows` */
  truncated: boolean;
};

/** Statements run at once on one gateway's analyst pool (its size), and per client address. */
export const SQL_SLOTS = 4;
export const SQL_PER_CLIENT = 2;
/** Requests that may wait for a slot; beyond that the answer is 503 at once. */
const SQL_QUEUE = 32;
/** After the timeout: cancel at +1 s, end the backend at +5 s if the cancel did not stop it. */
const CANCEL_AFTER_MS = 1000;
const TERMINATE_AFTER_MS = 5000;
/** After the backend was ended: the answer is a 503 if nothing came back by then. */
const DEADLINE_SLACK_MS = 2000;

export function createAnalystSql(options: { url: string; viewsSchema: string; timeoutMs: number }): Sql {
  return postgres(options.url, {
    max: SQL_SLOTS,
    idle_timeout: 60,
    connect_timeout: 5,
    onnotice: () => {},
    prepare: false,
    connection: {
      application_name: 'skald_gateway_sql',
      search_path: `"${options.viewsSchema}"`,
      statement_timeout: options.timeoutMs,
      default_transaction_read_only: true,
    },
  });
}

const MAX_SQL_LENGTH = 20_000;

/**
 * `?sql=` as @ponder/client sends it (superjson: `{"json":{"sql":"…","params":[…]}}`), plain JSON
 * `{"sql":"…","params":[…]}`, or plain SQL text.
 */
export function parseSqlParam(raw: unknown): SqlRequest {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new SqlQueryError(400, 'the sql parameter is required: ?sql=SELECT …');
  if (raw.length > MAX_SQL_LENGTH)
    throw new SqlQueryError(400, `sql longer than ${MAX_SQL_LENGTH} characters`);
  const text = raw.trim();
  if (!text.startsWith('{')) return { sql: text, params: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SqlQueryError(400, `the sql parameter is not valid JSON: ${(error as Error).message}`);
  }
  const body = (value as { json?: unknown } | null)?.json ?? value;
  const { sql, params } = (body && typeof body === 'object' ? body : {}) as {
    sql?: unknown;
    params?: unknown;
  };
  if (typeof sql !== 'string' || sql.trim() === '')
    throw new SqlQueryError(400, 'the sql parameter must hold {"sql": "<statement>", "params": [...]}');
  if (sql.length > MAX_SQL_LENGTH)
    throw new SqlQueryError(400, `sql longer than ${MAX_SQL_LENGTH} characters`);
  if (params !== undefined && params !== null && !Array.isArray(params))
    throw new SqlQueryError(400, 'params must be an array');
  const list = (params ?? []) as unknown[];
  if (list.length > 100) throw new SqlQueryError(400, 'at most 100 params');
  const scalar = (p: unknown) =>
    p === null ||
    typeof p === 'string' ||
    typeof p === 'boolean' ||
    (typeof p === 'number' && Number.isFinite(p));
  for (const p of list) {
    if (!(scalar(p) || (Array.isArray(p) && p.length <= 1000 && p.every(scalar))))
      throw new SqlQueryError(
        400,
        'params must be strings, finite numbers, booleans, null or arrays of them',
      );
  }
  return { sql, params: list };
}

type PgError = { code?: string; message?: string; position?: string };

/** A Postgres failure as the client's answer: what was wrong, and never a 500 for the client's query. */
export function sqlError(error: unknown, limits: SqlLimits): SqlQueryError {
  if (error instanceof SqlQueryError) return error;
  const e = (error ?? {}) as PgError;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = e.message ?? String(error);
  if (code === '57014')
    return new SqlQueryError(
      422,
      `the query ran longer than the ${limits.timeoutMs} ms statement timeout and was cancelled; narrow it (filters, LIMIT)`,
    );
  if (code === '25006') return new SqlQueryError(403, 'read-only: /sql runs SELECT statements only');
  if (code === '42501') return new SqlQueryError(403, `${message}: /sql reads the views schema only`);
  if (code === '42601' && /multiple commands/.test(message))
    return new SqlQueryError(400, 'one statement per request');
  // a bind that does not match the statement (parameter count or format): the request's mistake
  if (code === '08P01') return new SqlQueryError(400, message);
  if (code === '57P01' || code === '57P02' || code === '57P03')
    return new SqlQueryError(
      503,
      'the query was ended by the database (shutdown or administrator); retry shortly',
    );
  if (/^(08|57P|53)/.test(code) || /^(ECONN|CONNECT|CONNECTION_)/.test(code))
    return new SqlQueryError(503, 'the database is unavailable; retry shortly');
  if (code.startsWith('XX') || code.startsWith('58'))
    return new SqlQueryError(503, 'the database failed to run the query; retry shortly');
  if (code === '' && !(error instanceof Error && 'severity' in error))
    return new SqlQueryError(503, 'the database connection failed; retry shortly');
  const where = e.position ? ` (at character ${e.position})` : '';
  // syntax errors, unknown names, bad casts, wrong parameter types: the query's own mistake
  return new SqlQueryError(400, `${message}${where}`);
}

export type AnalystRunOptions = SqlLimits & {
  viewsSchema: string;
  /** the owner's connection: cancels (then ends) this statement's backend past the timeout */
  owner?: Sql;
};

export async function runAnalystQuery(
  sql: Sql,
  request: SqlRequest,
  limits: AnalystRunOptions,
): Promise<SqlAnswer> {
  const statement = await checkStatement(request.sql, request.params);
  let pid: number | undefined;
  let fetching: ReturnType<Sql['unsafe']> | undefined;
  const signal = (fn: 'pg_cancel_backend' | 'pg_terminate_backend') => {
    if (pid === undefined || !limits.owner) return void fetching?.cancel();
    limits.owner.unsafe(`select ${fn}($1)`, [pid]).catch(() => {});
  };
  // a statement that outlives its own timeout (one Postgres does not interrupt) is stopped from here
  const cancel = setTimeout(() => signal('pg_cancel_backend'), limits.timeoutMs + CANCEL_AFTER_MS);
  const terminate = setTimeout(() => signal('pg_terminate_backend'), limits.timeoutMs + TERMINATE_AFTER_MS);
  const attempt = () =>
    sql.begin('read only', async (tx) => {
      // transaction-local: whatever a previous query SET on this pooled session does not carry over
      const [session] = await tx<{ pid: number }[]>`
        select pg_backend_pid() as pid,
               set_config('statement_timeout', ${String(limits.timeoutMs)}, true),
               set_config('search_path', ${`"${limits.viewsSchema}"`}, true)`;
      pid = session?.pid;
      await tx.unsafe(
        `declare skald_sql no scroll cursor for\n${statement.text}\n`,
        request.params as never[],
      );
      fetching = tx.unsafe(`fetch forward ${limits.maxRows + 1} from skald_sql`);
      const batch = await fetching;
      const columns = (batch as unknown as { columns?: { name: string; type: number }[] }).columns ?? [];
      const rows = [...batch] as Record<string, unknown>[];
      let truncated = false;
      if (rows.length > limits.maxRows) {
        rows.length = limits.maxRows;
        truncated = true;
      }
      return {
        rows,
        fields: columns.map((c) => ({ name: c.name, dataTypeID: c.type })),
        rowCount: rows.length,
        truncated,
      };
    });
  const running = (async () => {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        // a pooled connection that died while idle (a terminated backend, a failover) fails before anything of
        // the statement ran: again, on a fresh connection (every pooled one may have died at once)
        if (pid !== undefined || !isConnectionLoss(error) || tries > SQL_SLOTS) throw error;
      }
    }
  })();
  running.catch(() => {});
  // the client library can lose a query whose connection is killed at an unlucky moment: the answer never waits
  // longer than this, whatever happens underneath
  let giveUp: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    giveUp = setTimeout(
      () => reject(new SqlQueryError(503, 'the database did not answer in time; retry shortly')),
      limits.timeoutMs + TERMINATE_AFTER_MS + DEADLINE_SLACK_MS,
    );
  });
  try {
    return await Promise.race([running, deadline]);
  } catch (error) {
    throw sqlError(error, limits);
  } finally {
    clearTimeout(cancel);
    clearTimeout(terminate);
    clearTimeout(giveUp);
  }
}

function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (/^(08|57P0)/.test(code) || code.startsWith('CONNECTION_'));
}

/** Slots for statements: `slots` at once, `perClient` per client address, a bounded wait for the rest. */
export class SqlGate {
  private active = 0;
  private readonly byClient = new Map<string, number>();
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly perClient: number,
    private readonly waitMs: number,
  ) {}

  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    const mine = this.byClient.get(client) ?? 0;
    if (mine >= this.perClient)
      throw new SqlQueryError(
        429,
        `at most ${this.perClient} /sql queries at once per client; wait for one to finish`,
      );
    this.byClient.set(client, mine + 1);
    try {
      await this.acquire();
      try {
        return await work();
      } finally {
        this.release();
      }
    } finally {
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left <= 0) this.byClient.delete(client);
      else this.byClient.set(client, left);
    }
  }

  private async acquire() {
    if (this.active < this.slots) {
      this.active++;
      return;
    }
    if (this.waiting.length >= SQL_QUEUE)
      throw new SqlQueryError(503, 'every /sql connection is busy; retry shortly');
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(wake);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new SqlQueryError(503, 'every /sql connection stayed busy; retry shortly'));
      }, this.waitMs);
      this.waiting.push(wake);
    });
    // the releasing statement handed its slot over: `active` is unchanged
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

export type Analyst = {
  run(request: SqlRequest, client: string): Promise<SqlAnswer>;
  close(): Promise<void>;
};

/** The analyst pool, its gate and its limits, as the /sql/db route uses them. */
export function createAnalyst(options: {
  url: string;
  viewsSchema: string;
  timeoutMs: number;
  maxRows: number;
  owner?: Sql;
}): Analyst {
  const sql = createAnalystSql(options);
  const gate = new SqlGate(SQL_SLOTS, SQL_PER_CLIENT, options.timeoutMs);
  const limits: AnalystRunOptions = {
    timeoutMs: options.timeoutMs,
    maxRows: options.maxRows,
    viewsSchema: options.viewsSchema,
    owner: options.owner,
  };
  return {
    run: (request, client) => gate.run(client, () => runAnalystQuery(sql, request, limits)),
    close: () => sql.end({ timeout: 5 }),
  };
}

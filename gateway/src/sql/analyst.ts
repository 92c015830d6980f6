/**
 * Outsiders' SQL (/sql/db): one statement, run on the analyst connection (the read-only role when configured)
 * in a READ ONLY transaction with the views schema on the search path, under a statement timeout, and read
 * through a cursor so at most `maxRows` rows are fetched. Postgres, not a parser, decides what may run: a write,
 * a second statement or a table outside the views schema fails there, and the failure is mapped to a 4xx
 * naming what was wrong.
 */
import postgres, { type Sql } from 'postgres';

export type SqlLimits = { timeoutMs: number; maxRows: number };
export type SqlRequest = { sql: string; params: unknown[] };
export type SqlAnswer = {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
  rowCount: number;
  /** more rows matched than the cap; the answer holds the first `maxRows` */
  truncated: boolean;
};

export class SqlQueryError extends Error {
  override name = 'SqlQueryError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function createAnalystSql(options: { url: string; viewsSchema: string; timeoutMs: number }): Sql {
  return postgres(options.url, {
    max: 4,
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
  const body = (value as { json?: unknown }).json ?? value;
  const { sql, params } = (body ?? {}) as { sql?: unknown; params?: unknown };
  if (typeof sql !== 'string' || sql.trim() === '')
    throw new SqlQueryError(400, 'the sql parameter must hold {"sql": "<statement>", "params": [...]}');
  if (params !== undefined && !Array.isArray(params)) throw new SqlQueryError(400, 'params must be an array');
  return { sql, params: params ?? [] };
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
  if (/^(08|57P|53)/.test(code) || /^(ECONN|CONNECT|CONNECTION_)/.test(code))
    return new SqlQueryError(503, 'the database is unavailable; retry shortly');
  if (code.startsWith('XX') || code.startsWith('58'))
    return new SqlQueryError(503, 'the database failed to run the query; retry shortly');
  const where = e.position ? ` (at character ${e.position})` : '';
  // syntax errors, unknown names, bad casts, wrong parameter counts: the query's own mistake
  return new SqlQueryError(400, `${message}${where}`);
}

export async function runAnalystQuery(
  sql: Sql,
  request: SqlRequest,
  limits: SqlLimits & { viewsSchema: string },
): Promise<SqlAnswer> {
  try {
    return await sql.begin('read only', async (tx) => {
      // transaction-local: whatever a previous query SET on this pooled session does not carry over
      await tx`select set_config('statement_timeout', ${String(limits.timeoutMs)}, true),
                      set_config('search_path', ${`"${limits.viewsSchema}"`}, true)`;
      const rows: Record<string, unknown>[] = [];
      let fields: SqlAnswer['fields'] = [];
      let truncated = false;
      const query = tx.unsafe(request.sql, request.params as never[]);
      // a statement that lifts its own timeout (set_config in a subquery) is still cancelled from here
      const guard = setTimeout(() => void query.cancel(), limits.timeoutMs + 1000);
      try {
        for await (const batch of query.cursor(limits.maxRows + 1)) {
          const columns = (batch as unknown as { columns?: { name: string; type: number }[] }).columns ?? [];
          fields = columns.map((c) => ({ name: c.name, dataTypeID: c.type }));
          for (const row of batch) rows.push(row as Record<string, unknown>);
          break;
        }
      } finally {
        clearTimeout(guard);
      }
      if (rows.length > limits.maxRows) {
        rows.length = limits.maxRows;
        truncated = true;
      }
      return { rows, fields, rowCount: rows.length, truncated };
    });
  } catch (error) {
    throw sqlError(error, limits);
  }
}

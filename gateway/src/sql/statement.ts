/**
 * What an outsider's /sql statement is, decided by Postgres's own parser (libpg_query, the one Ponder ships) before
 * anything reaches the database: exactly one SELECT (or VALUES), no SELECT … INTO, no row locks, no data-modifying
 * WITH, no function that would outlive the request on a pooled connection (advisory locks, set_config) or reach
 * other backends, and as many parameters as the statement uses. Empty input (`;`, a lone comment) is refused here:
 * Postgres answers it with no result at all, which a cursor would wait on forever.
 */
import { SqlQueryError } from './errors.ts';
import { type ParseResult, statementParser } from './parser.ts';

type PgNode = Record<string, unknown>;

/** Functions refused by name (last part of a possibly qualified name), with the reason the client is told. */
const REFUSED_FUNCTIONS: [RegExp, string][] = [
  [
    /^pg_(try_)?advisory_/,
    'advisory locks are not available over /sql (they would stay on a shared connection)',
  ],
  [/^set_config$/, 'settings cannot be changed over /sql'],
  [/^pg_(cancel|terminate)_backend$/, 'other connections cannot be signalled over /sql'],
  [
    /^pg_(reload_conf|rotate_logfile|promote|switch_wal|create_restore_point)$/,
    'server control is not available',
  ],
  [/^dblink/, 'connections to other databases are not available over /sql'],
];

const WRITES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

export type CheckedStatement = {
  /** the statement text without a trailing semicolon or comment-only tail */
  text: string;
};

/** Refuses everything but one read-only SELECT (400/403 with the reason); returns the statement's text. */
export async function checkStatement(sql: string, params: readonly unknown[]): Promise<CheckedStatement> {
  const result: ParseResult = await statementParser.parse(sql);
  if (result.error) {
    const at = result.error.cursorpos ? ` (at character ${result.error.cursorpos})` : '';
    throw new SqlQueryError(400, `${result.error.message}${at}`);
  }
  const statements = result.parse_tree.stmts;
  if (statements.length === 0)
    throw new SqlQueryError(
      400,
      'empty statement: send one SELECT (comments and semicolons alone are not one)',
    );
  if (statements.length > 1) throw new SqlQueryError(400, 'one statement per request');
  const [first] = statements;
  const root = first?.stmt;
  const kind = root ? (Object.keys(root)[0] ?? '') : '';
  if (!root || kind !== 'SelectStmt')
    throw new SqlQueryError(403, `read-only: /sql runs SELECT statements only, not ${statementName(kind)}`);

  let highestParam = 0;
  // iterative walk: a deeply nested expression must not overflow the stack
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object') pending.push(item);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value as PgNode)) {
      if (WRITES.has(key)) throw new SqlQueryError(403, 'read-only: /sql runs SELECT statements only');
      if (key === 'intoClause' && child)
        throw new SqlQueryError(403, 'read-only: SELECT … INTO would create a table');
      if (key === 'lockingClause' && Array.isArray(child) && child.length > 0)
        throw new SqlQueryError(403, 'read-only: FOR UPDATE / FOR SHARE row locks are not available');
      if (key === 'FuncCall') refuseFunction(child as PgNode);
      if (key === 'ParamRef') {
        const n = Number((child as { number?: number }).number ?? 0);
        if (n > highestParam) highestParam = n;
      }
      if (child && typeof child === 'object') pending.push(child);
    }
  }
  if (highestParam !== params.length) {
    throw new SqlQueryError(
      400,
      highestParam > params.length
        ? `the statement uses $${highestParam} but ${params.length} parameter${params.length === 1 ? ' was' : 's were'} given`
        : `${params.length} parameters given but the statement uses ${highestParam === 0 ? 'none' : `up to $${highestParam}`}`,
    );
  }
  const start = first?.stmt_location ?? 0;
  const text = first?.stmt_len ? sql.slice(start, start + first.stmt_len) : sql.slice(start);
  return { text: stripTrailingSemicolon(text) };
}

function refuseFunction(call: PgNode) {
  const parts = (call.funcname as { String?: { sval?: string } }[] | undefined) ?? [];
  const name = (parts.at(-1)?.String?.sval ?? '').toLowerCase();
  for (const [pattern, reason] of REFUSED_FUNCTIONS) {
    if (pattern.test(name)) throw new SqlQueryError(403, `${name}(): ${reason}`);
  }
}

/** A single statement's text may still end with its `;` when it is the last one (stmt_len 0). */
function stripTrailingSemicolon(text: string): string {
  return text.replace(/;\s*$/, '');
}

function statementName(kind: string): string {
  if (!kind) return 'an empty statement';
  const names: Record<string, string> = {
    VariableSetStmt: 'SET',
    VariableShowStmt: 'SHOW',
    ExplainStmt: 'EXPLAIN',
    TransactionStmt: 'a transaction command',
    CopyStmt: 'COPY',
    DeclareCursorStmt: 'DECLARE',
    FetchStmt: 'FETCH',
    DoStmt: 'DO',
    CallStmt: 'CALL',
  };
  return (
    names[kind] ??
    kind
      .replace(/Stmt$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toUpperCase()
  );
}

/**
 * What each table and column of the index holds, written once beside its declaration (`documented(...)` in
 * tables/*) and read from here by everything that shows it: Ponder's GraphQL schema (attached to the table and
 * its columns under `ponder.description`), the Postgres comments on the views schema (`applyTableComments`) and
 * the generated reference page (docs/index-reference.md).
 */
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';

/**
 * The name of the `timestamptz` twin beside a unix-seconds column (db/README.md, "Times"): the name's `_at`,
 * `_date` or `_timestamp` ending becomes `_time`, an event's `timestamp` (its block time) is `block_time`, and
 * any other name gets `_time` appended (`deadline` → `deadline_time`).
 */
export function timeColumnName(unixColumn: string): string {
  if (unixColumn === 'timestamp') return 'block_time';
  return `${unixColumn.replace(/_(at|date|timestamp)$/, '')}_time`;
}

/** How a twin is described: the unix-seconds column it mirrors, and when it differs from that column. */
export const timeOf = (unixColumn: string, note?: string) =>
  `${unixColumn} as timestamptz: the same instant, ready for date functions and now()${note ? `; ${note}` : ''}`;

const TIMESTAMPTZ = 'timestamp with time zone';

/** Columns that mean the same wherever they appear; a table may still say more about its own. */
const COMMON = {
  blockNumber: 'block number of the event',
  logIndex: 'position of the event’s log in its block',
  timestamp: 'block time of the event, unix seconds',
  blockTime: timeOf('timestamp'),
  txHash: 'hash of the transaction that emitted the event',
  updatedBlock: 'block of the last change to this row',
  characterId: 'the character concerned (joins character.id)',
} as const;

type CommonKey = keyof typeof COMMON;
type ColumnsOf<T extends Table> = T['_']['columns'];

/** Every column of the table must be described, except the common ones (which may be). */
export type ColumnDescriptions<T extends Table> = {
  [K in Exclude<keyof ColumnsOf<T>, CommonKey>]: string;
} & { [K in Extract<keyof ColumnsOf<T>, CommonKey>]?: string };

export type ColumnDoc = {
  /** SQL name */
  name: string;
  /** TypeScript / GraphQL field name */
  key: string;
  /** SQL type as readers see it */
  type: string;
  notNull: boolean;
  description: string;
  /** for a `timestamptz` twin, the SQL name of the unix-seconds column it mirrors */
  unixColumn?: string;
};

export type TableDoc = {
  /** SQL name (also the view's name in the views schema) */
  name: string;
  /** subject the table belongs to, for grouping in the reference */
  subject: string;
  description: string;
  columns: ColumnDoc[];
};

const registry = new Map<string, TableDoc>();

/** Where Ponder's GraphQL builder reads a table's or column's description (patches/ponder+0.16.10+009+...). */
export const PONDER_DESCRIPTION = Symbol.for('ponder.description');

/** Ponder declares uint256 columns `numeric(78)`; Postgres (and so `\d+` and the reference) says `numeric(78,0)`. */
const readerType = (sqlType: string) => sqlType.replaceAll('numeric(78)', 'numeric(78, 0)');

/** Registers the description of a table and each of its columns; returns the table unchanged. */
export function documented<T extends Table>(
  subject: string,
  table: T,
  description: string,
  columns: ColumnDescriptions<T>,
): T {
  const said = columns as Record<string, string | undefined>;
  const docs: ColumnDoc[] = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    name: column.name,
    key,
    type: readerType(column.getSQLType()),
    notNull: column.notNull,
    description: said[key] ?? COMMON[key as CommonKey] ?? '',
  }));
  const missing = docs.filter((c) => !c.description).map((c) => c.key);
  if (missing.length > 0)
    throw new Error(`${getTableName(table)}: undescribed columns ${missing.join(', ')}`);
  const unpaired = pairTimeTwins(docs);
  if (unpaired.length > 0) throw new Error(`${getTableName(table)}: ${unpaired.join('; ')}`);
  const name = getTableName(table);
  registry.set(name, { name, subject, description, columns: docs });
  describe(table, description);
  const byKey = new Map(docs.map((c) => [c.key, c.description]));
  for (const [key, column] of Object.entries(getTableColumns(table))) describe(column, byKey.get(key) ?? '');
  return table;
}

/**
 * Every column said to be unix seconds has its `timestamptz` twin, named by `timeColumnName`, and every
 * `timestamptz` column is such a twin; marks each twin with its unix column. Returns what is amiss.
 */
function pairTimeTwins(docs: ColumnDoc[]): string[] {
  const problems: string[] = [];
  const byName = new Map(docs.map((c) => [c.name, c]));
  for (const c of docs.filter((d) => d.type !== TIMESTAMPTZ && /unix seconds/.test(d.description))) {
    const twin = byName.get(timeColumnName(c.name));
    if (twin?.type !== TIMESTAMPTZ)
      problems.push(`${c.name} is unix seconds without ${timeColumnName(c.name)}`);
    else twin.unixColumn = c.name;
  }
  for (const c of docs.filter((d) => d.type === TIMESTAMPTZ && d.unixColumn === undefined))
    problems.push(`${c.name} is a timestamptz twin of no unix-seconds column`);
  return problems;
}

function describe(target: object, description: string): void {
  (target as Record<symbol, string>)[PONDER_DESCRIPTION] = description;
}

/** Every documented table, in declaration order. */
export function tableDocs(): TableDoc[] {
  return [...registry.values()];
}

export function tableDoc(name: string): TableDoc | undefined {
  return registry.get(name);
}

/** A minimal postgres.js-like tagged client: `unsafe` runs one statement. */
type SqlClient = { unsafe(query: string): PromiseLike<unknown> };

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Writes the descriptions as Postgres comments on every documented relation in `schema` (views in Ponder's
 * views schema, tables in a deployment schema), so `\d+` and any SQL client show them. Ponder recreates the
 * views when a new deployment goes live, so call this once the indexer reports ready (and again after a
 * blue/green switch). Relations missing from the schema are skipped; returns how many were commented.
 */
export async function applyTableComments(sql: SqlClient, schema: string): Promise<number> {
  const present = (await sql.unsafe(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ${literal(schema)} AND c.relkind IN ('r', 'v', 'p')`,
  )) as { name: string; kind: string }[];
  const kinds = new Map(present.map((r) => [r.name, r.kind === 'v' ? 'VIEW' : 'TABLE']));
  const tables = [...registry.values()].filter((t) => kinds.has(t.name));
  const statements = tables.flatMap((t) => {
    const target = `${ident(schema)}.${ident(t.name)}`;
    return [
      `COMMENT ON ${kinds.get(t.name)} ${target} IS ${literal(t.description)}`,
      ...t.columns.map((c) => `COMMENT ON COLUMN ${target}.${ident(c.name)} IS ${literal(c.description)}`),
    ];
  });
  if (statements.length > 0) await sql.unsafe(`BEGIN;\n${statements.join(';\n')};\nCOMMIT;`);
  return tables.length;
}

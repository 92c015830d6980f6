/**
 * Attaches the descriptions written in @skald/db to Ponder's tables and columns under
 * `Symbol.for('ponder.description')`, which Ponder's GraphQL builder reads (patches/ponder+0.16.10+002+...).
 * A table or column without a description stops the build: the two declarations must not drift apart.
 */
import { tableDoc } from '@skald/db/catalog';
import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';

export const DESCRIPTION = Symbol.for('ponder.description');

export function describeTables(tables: Record<string, unknown>): void {
  const problems: string[] = [];
  for (const table of Object.values(tables)) {
    if (!is(table, Table)) continue;
    const name = getTableName(table);
    const doc = tableDoc(name);
    if (!doc) {
      problems.push(`table ${name} has no description in @skald/db`);
      continue;
    }
    (table as unknown as Record<symbol, string>)[DESCRIPTION] = doc.description;
    for (const column of Object.values(getTableColumns(table))) {
      const said = doc.columns.find((c) => c.name === column.name)?.description;
      if (said) (column as unknown as Record<symbol, string>)[DESCRIPTION] = said;
      else problems.push(`column ${name}.${column.name} has no description in @skald/db`);
    }
  }
  if (problems.length > 0) throw new Error(`undescribed schema:\n${problems.join('\n')}`);
}

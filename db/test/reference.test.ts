/** The generated index reference matches the declarations, and every table and column is described. */
import { readFileSync } from 'node:fs';
import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tableDocs } from '../src/docs.ts';
import { renderReference } from '../src/reference.ts';
import * as tables from '../src/tables/index.ts';

/** Table padding is the formatter's business, not the content's. */
const normalize = (md: string) =>
  md
    .split('\n')
    .map((line) => (line.startsWith('|') ? line.replace(/\s*\|\s*/g, '|').replace(/-{3,}/g, '---') : line))
    .join('\n');

describe('index reference', () => {
  it('describes every declared table and every column', () => {
    const declared = Object.values(tables).filter((t) => is(t, Table)) as Table[];
    expect(declared.length).toBeGreaterThan(30);
    const docs = new Map(tableDocs().map((d) => [d.name, d]));
    for (const table of declared) {
      const doc = docs.get(getTableName(table));
      expect(doc?.description, getTableName(table)).toMatch(/\w{3}/);
      for (const column of Object.values(getTableColumns(table))) {
        const said = doc?.columns.find((c) => c.name === column.name)?.description;
        expect(said, `${getTableName(table)}.${column.name}`).toMatch(/\w{2}/);
      }
    }
  });

  it('is committed as generated (npm run docs -w @skald/db)', () => {
    const committed = readFileSync(new URL('../../docs/index-reference.md', import.meta.url), 'utf8');
    expect(normalize(committed)).toBe(normalize(renderReference()));
  });
});

/**
 * The /sql statement parser off the gateway's thread: it parses and reports syntax errors as before, and a parse
 * that takes longer than its bound ends with a 400 instead of holding the gateway (libpg_query can loop for good
 * on some inputs: test/sql-fuzz.test.ts once hung a whole CI run on one). Here the bound is made tiny so that
 * every parse outlives it; then the same statement parses on a parser with the normal bound.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SqlQueryError } from '../src/sql/errors.ts';
import { createParser, PARSE_TIMEOUT_MS } from '../src/sql/parser.ts';

const normal = createParser({ timeoutMs: PARSE_TIMEOUT_MS * 10 });
const tiny = createParser({ timeoutMs: 1 });

afterAll(async () => {
  await normal.close();
  await tiny.close();
});

describe('statement parser', () => {
  it('parses a statement and reports a syntax error with its position', async () => {
    const ok = await normal.parse('select 1 as n');
    expect(ok.error).toBeNull();
    expect(Object.keys(ok.parse_tree.stmts[0]?.stmt ?? {})).toEqual(['SelectStmt']);
    const bad = await normal.parse('selec 1');
    expect(bad.error?.message).toMatch(/syntax error/);
  });

  it('answers 400 when a parse outlives its bound, and parses again afterwards', async () => {
    const sql = `select ${Array.from({ length: 2000 }, (_, i) => i).join(' + ')}`;
    const late = await tiny.parse(sql).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(late).toBeInstanceOf(SqlQueryError);
    expect((late as SqlQueryError).statusCode).toBe(400);
    expect((late as Error).message).toMatch(/could not be parsed within 1 ms/);
    // the statements behind it are parsed on a fresh worker, not lost
    const many = await Promise.all(
      Array.from({ length: 5 }, (_, i) => normal.parse(`select ${i}`).then((r) => r.error)),
    );
    expect(many).toEqual([null, null, null, null, null]);
  });
});

/**
 * The tests' assertions that the index equals the chain, on the one comparison the verifier makes (lib/verify):
 * every indexed log is its activity row and its row in each event table (and no other row exists); vera owners,
 * fields and counts, names, balances, items, elo and clan membership equal contract reads.
 */

import type { TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import { expect } from 'vitest';
import { EVENT_TABLES, formatReport, type VerifyReport, verifyIndex } from '../lib/verify/index.ts';

const EVENT_ROW_TABLES = new Set(['activity', ...EVENT_TABLES.map((t) => t.table)]);

const verify = (reader: SkaldDb, chain: TestChain, toBlock?: bigint) =>
  verifyIndex({ sql: reader.sql, deployment: chain.deployment, rpcUrl: chain.anvil.rpcUrl, toBlock });

function expectNoMismatch(report: VerifyReport, tables: (table: string) => boolean) {
  const found = Object.fromEntries(
    report.tables.filter((t) => tables(t.table) && t.mismatches > 0).map((t) => [t.table, t.mismatches]),
  );
  expect(found, formatReport(report).join('\n')).toEqual({});
}

/** Every game log up to `toBlock` is one activity row and one row of its event table; returns the log count. */
export async function expectActivityEqualsChain(reader: SkaldDb, chain: TestChain, toBlock: bigint) {
  const report = await verify(reader, chain, toBlock);
  expect(report.toBlock, 'the index reached the block compared to').toBe(toBlock);
  expectNoMismatch(report, (table) => EVENT_ROW_TABLES.has(table));
  return report.tables.find((t) => t.table === 'activity')?.checked ?? 0;
}

/** The state tables equal contract reads at the block the index stands at; returns some row counts. */
export async function expectTablesEqualChain(reader: SkaldDb, chain: TestChain) {
  expectNoMismatch(await verify(reader, chain), (table) => !EVENT_ROW_TABLES.has(table));
  const [counts] = await reader.sql<{ veras: string; characters: string; elos: string }[]>`
    SELECT (SELECT count(*) FROM vera) AS veras, (SELECT count(*) FROM character) AS characters,
      (SELECT count(*) FROM elo) AS elos`;
  return { veras: Number(counts?.veras), characters: Number(counts?.characters), elos: Number(counts?.elos) };
}

/**
 * The operators' own schema beside the index (`skald_ops`, never written by Ponder): the verifier records each
 * run there, and /status reads when it last passed. Created on first write; a reader finding no table yet sees
 * "never run".
 */
import type postgres from 'postgres';

export const OPS_SCHEMA = 'skald_ops';

export type VerifyRun = {
  startedAt: Date;
  fromBlock: bigint;
  toBlock: bigint;
  indexedBlock: bigint;
  mismatches: number;
  ms: number;
  /** mismatches per table */
  tables: Record<string, number>;
};

export type VerifyRunSummary = {
  at: string;
  passed: boolean;
  mismatches: number;
  fromBlock: number;
  toBlock: number;
};

export type VerifyStatus = { last: VerifyRunSummary | null; lastPassedAt: string | null };

export async function recordVerifyRun(sql: postgres.Sql, run: VerifyRun): Promise<void> {
  await sql.unsafe(`CREATE SCHEMA IF NOT EXISTS ${OPS_SCHEMA}`);
  await sql.unsafe(`
    CREATE TABLE IF NOT EXISTS ${OPS_SCHEMA}.verify_runs (
      id bigserial PRIMARY KEY,
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL DEFAULT now(),
      from_block bigint NOT NULL,
      to_block bigint NOT NULL,
      indexed_block bigint NOT NULL,
      mismatches integer NOT NULL,
      passed boolean GENERATED ALWAYS AS (mismatches = 0) STORED,
      duration_ms integer NOT NULL,
      tables jsonb NOT NULL
    )`);
  await sql.unsafe(
    `INSERT INTO ${OPS_SCHEMA}.verify_runs
      (started_at, from_block, to_block, indexed_block, mismatches, duration_ms, tables)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      run.startedAt.toISOString(),
      run.fromBlock.toString(),
      run.toBlock.toString(),
      run.indexedBlock.toString(),
      run.mismatches,
      run.ms,
      JSON.stringify(run.tables),
    ],
  );
}

/** The last run and when a run last passed; both null when the verifier never ran against this database. */
export async function readVerifyStatus(sql: postgres.Sql): Promise<VerifyStatus> {
  try {
    const [last] = await sql.unsafe<
      { at: Date; passed: boolean; mismatches: number; from_block: string; to_block: string }[]
    >(`SELECT finished_at AS at, passed, mismatches, from_block, to_block
       FROM ${OPS_SCHEMA}.verify_runs ORDER BY id DESC LIMIT 1`);
    if (!last) return { last: null, lastPassedAt: null };
    const [passed] = await sql.unsafe<{ at: Date }[]>(
      `SELECT finished_at AS at FROM ${OPS_SCHEMA}.verify_runs WHERE passed ORDER BY id DESC LIMIT 1`,
    );
    return {
      last: {
        at: new Date(last.at).toISOString(),
        passed: last.passed,
        mismatches: last.mismatches,
        fromBlock: Number(last.from_block),
        toBlock: Number(last.to_block),
      },
      lastPassedAt: passed ? new Date(passed.at).toISOString() : null,
    };
  } catch (error) {
    // 42P01 / 3F000: the verifier has not run against this database yet
    const code = (error as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return { last: null, lastPassedAt: null };
    throw error;
  }
}

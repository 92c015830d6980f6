/** One line of the verifier's report: a table, how many rows or facts it compared, and what differed. */
export type TableCheck = {
  table: string;
  checked: number;
  mismatches: number;
  /** the first few mismatches, described */
  examples: string[];
  mismatch(description: string): void;
};

/** At most this many mismatches per table are described; all are counted. */
export const EXAMPLES_PER_TABLE = 5;

export function tableCheck(table: string): TableCheck {
  const check: TableCheck = {
    table,
    checked: 0,
    mismatches: 0,
    examples: [],
    mismatch(description) {
      check.mismatches += 1;
      if (check.examples.length < EXAMPLES_PER_TABLE) check.examples.push(description);
    },
  };
  return check;
}

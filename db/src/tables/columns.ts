/**
 * Column options the table files share (not re-exported by index.ts: Ponder reads only tables there).
 *
 * `instant`: the `timestamptz` twin of a unix-seconds column (`t.timestamp(instant)`). Read as the text Postgres
 * prints (`2025-01-31 12:00:00+00`), so GraphQL shows a readable time and the indexer's rows stay plain data.
 */
export const instant = { withTimezone: true, mode: 'string' } as const;

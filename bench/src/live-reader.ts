/**
 * The separate reader process of the live benchmark: LISTENs on the views schema's live-query channel, reads new
 * activity rows after its cursor, and prints `<txHash> <epoch ms>` for each row as soon as it sees it.
 */
import { createDb, onTablesChanged } from '@skald/db';

const reader = createDb({ databaseUrl: process.env.DATABASE_URL as string, viewsSchema: 'skald' });
let cursor = '';
let busy = false;
let again = false;
async function drain() {
  if (busy) {
    again = true;
    return;
  }
  busy = true;
  do {
    again = false;
    const rows = await reader.sql<{ cursor: string; tx_hash: string }[]>`
      SELECT cursor, tx_hash FROM activity WHERE cursor > ${cursor} ORDER BY cursor LIMIT 1000`;
    const seen = performance.timeOrigin + performance.now();
    for (const r of rows) {
      cursor = r.cursor;
      process.stdout.write(`${r.tx_hash} ${seen}\n`);
    }
  } while (again);
  busy = false;
}
const [last] = await reader.sql<{ cursor: string }[]>`SELECT max(cursor) AS cursor FROM activity`;
cursor = last?.cursor ?? '';
await onTablesChanged(reader.sql, 'skald', (tables) => {
  if (tables.includes('activity')) void drain();
});
process.stdout.write('listening\n');

/**
 * How a reader learns about new rows. Ponder commits each indexed block in one transaction and then, through a
 * statement trigger on its checkpoint table, runs `pg_notify('<views_schema>_live_query', '["activity", ...]')`
 * with the names of the tables that changed. A reader LISTENs on that channel and, when "activity" is among the
 * names, selects `activity` rows after the last cursor it has seen. Notifications carry no rows, can coalesce and
 * are lost while disconnected, so the cursor query (not the notification) is the source of truth.
 */
import type { Sql } from 'postgres';

export const liveChannel = (viewsSchema: string) => `${viewsSchema}_live_query`;

export async function onTablesChanged(
  sql: Sql,
  viewsSchema: string,
  listener: (tables: string[]) => void,
): Promise<{ unlisten(): Promise<void> }> {
  const sub = await sql.listen(liveChannel(viewsSchema), (payload) => {
    let names: string[] = [];
    try {
      names = JSON.parse(payload) as string[];
    } catch {
      names = [];
    }
    listener(names);
  });
  return { unlisten: () => sub.unlisten() };
}

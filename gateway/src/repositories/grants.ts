/** The admin grant audit: filter by admin, target, kind and time; paged for screens, whole for CSV. */
import { adminGrant, type SkaldDb } from '@skald/db';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { num, str } from './util.ts';

export type GrantFilter = { admin?: string; target?: string; kind?: number; from?: number; to?: number };

/** CSV export stops here: an audit larger than this is paged through the JSON route. */
export const CSV_MAX_ROWS = 50_000;

function where(f: GrantFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.admin !== undefined) c.push(eq(adminGrant.admin, f.admin.toLowerCase() as `0x${string}`));
  if (f.target !== undefined) c.push(eq(adminGrant.target, BigInt(f.target)));
  if (f.kind !== undefined) c.push(eq(adminGrant.kind, f.kind));
  if (f.from !== undefined) c.push(gte(adminGrant.timestamp, BigInt(f.from)));
  if (f.to !== undefined) c.push(lte(adminGrant.timestamp, BigInt(f.to)));
  return c.length > 0 ? and(...c) : undefined;
}

const toGrant = (g: typeof adminGrant.$inferSelect) => ({
  id: g.id,
  admin: g.admin,
  kind: g.kind,
  kindName: g.kindName,
  target: str(g.target),
  subjectId: str(g.subjectId),
  amount: str(g.amount),
  contract: g.contract,
  blockNumber: str(g.blockNumber),
  timestamp: num(g.timestamp),
  txHash: g.txHash,
});

export type Grant = ReturnType<typeof toGrant>;

export function grantsRepository({ db }: SkaldDb) {
  const query = (f: GrantFilter, limit: number, offset: number) =>
    db
      .select()
      .from(adminGrant)
      .where(where(f))
      .orderBy(desc(adminGrant.blockNumber), desc(adminGrant.id))
      .limit(limit)
      .offset(offset);
  return {
    async list(f: GrantFilter, limit: number, offset: number) {
      const rows = await query(f, limit, offset);
      const [total] = await db.select({ n: count() }).from(adminGrant).where(where(f));
      return { total: total?.n ?? 0, items: rows.map(toGrant) };
    },
    async all(f: GrantFilter): Promise<Grant[]> {
      return (await query(f, CSV_MAX_ROWS, 0)).map(toGrant);
    },
  };
}

export type GrantsRepository = ReturnType<typeof grantsRepository>;

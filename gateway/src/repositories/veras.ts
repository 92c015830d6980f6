/** Veras: the detail record (spec section 3 fields first), their mint, transfers and battles, and lists. */
import { account, battle, character, mint, type SkaldDb, vera, veraTransfer } from '@skald/db';
import {
  codeLabel,
  effectiveStatKey,
  isMintMethod,
  publicStats,
  STAT_KEYS,
  type StatBlock,
  statTotal,
  VERA_ORIGIN_LABELS,
} from '@skald/game';
import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import { num, numOrNull, str, strOrNull } from './util.ts';

type VeraRow = typeof vera.$inferSelect;

/** The vera as spec section 3 lists it, plus derived display values computed by @skald/game. */
export function veraSummary(row: VeraRow, ownerName: string | null) {
  const raw = Object.fromEntries(STAT_KEYS.map((k) => [k, row[k]])) as StatBlock;
  const effective = Object.fromEntries(STAT_KEYS.map((k) => [k, row[effectiveStatKey(k)]])) as StatBlock;
  let shown: StatBlock | null = null;
  let total: number | null = null;
  try {
    shown = publicStats(raw, row.subRune);
    total = statTotal(raw, row.subRune);
  } catch {
    // a sub-rune this build does not know: show raw stats only
  }
  return {
    id: str(row.id),
    species: row.species,
    mainRune: row.mainRune,
    subRune: row.subRune,
    personality: row.personality,
    abilities: row.abilities,
    ...raw,
    level: row.level,
    owner: { address: row.owner, name: ownerName ?? '' },
    experience: row.experience,
    unallocatedPoints: row.unallocatedPoints,
    effective,
    publicStats: shown,
    statTotal: total,
    record: { wins: row.wins, losses: row.losses, ties: row.ties },
  };
}

export function verasRepository({ db }: SkaldDb) {
  return {
    async detail(veraId: string) {
      const id = BigInt(veraId);
      const [row] = await db
        .select({ vera, ownerName: account.name })
        .from(vera)
        .leftJoin(account, eq(account.address, vera.owner))
        .where(eq(vera.id, id))
        .limit(1);
      if (!row) return null;
      const [[minted], transfers, battles] = await Promise.all([
        db
          .select({ mint, characterName: character.name })
          .from(mint)
          .leftJoin(character, eq(character.id, mint.characterId))
          .where(eq(mint.veraId, id)),
        db
          .select()
          .from(veraTransfer)
          .where(eq(veraTransfer.veraId, id))
          .orderBy(desc(veraTransfer.blockNumber), desc(veraTransfer.logIndex))
          .limit(50),
        db
          .select()
          .from(battle)
          .where(or(sql`${id}::numeric = any(${battle.verasA})`, sql`${id}::numeric = any(${battle.verasB})`))
          .orderBy(desc(battle.id))
          .limit(20),
      ]);
      const v = row.vera;
      return {
        vera: veraSummary(v, row.ownerName),
        mint: {
          method: isMintMethod(v.mintMethod) ? v.mintMethod : 'other',
          origin: v.origin,
          originName: codeLabel(VERA_ORIGIN_LABELS, v.origin) ?? `origin ${v.origin}`,
          characterId: str(v.characterId),
          characterName: minted?.characterName ?? null,
          txHash: v.mintTx,
          blockNumber: str(v.mintedBlock),
          timestamp: num(v.mintedAt),
        },
        transfers: transfers.map((t) => ({
          from: t.from,
          to: t.to,
          txHash: t.txHash,
          blockNumber: str(t.blockNumber),
          timestamp: num(t.timestamp),
        })),
        battles: battles.map((b) => {
          const side = b.verasA.includes(id) ? 'A' : 'B';
          return {
            battleId: str(b.id),
            battleType: b.battleType,
            status: b.status,
            side,
            outcome:
              b.result === null
                ? null
                : b.result === 3
                  ? 'tie'
                  : (b.result === 1) === (side === 'A')
                    ? 'win'
                    : 'loss',
            characterA: str(b.characterA),
            characterB: str(b.characterB),
            startedAt: num(b.startedAt),
            resolvedAt: numOrNull(b.resolvedAt),
            scoreA: strOrNull(b.scoreA),
            scoreB: strOrNull(b.scoreB),
          };
        }),
      };
    },

    /** Veras an account owns, newest first. */
    /** An owner's veras, newest first: `limit` of them below `before` (a vera id), and how many in all. */
    async byOwner(owner: string, limit: number, before?: string) {
      const lower = owner.toLowerCase() as `0x${string}`;
      const [total] = await db.select({ n: count() }).from(vera).where(eq(vera.owner, lower));
      const rows = await db
        .select({ vera, ownerName: account.name })
        .from(vera)
        .leftJoin(account, eq(account.address, vera.owner))
        .where(
          before === undefined
            ? eq(vera.owner, lower)
            : and(eq(vera.owner, lower), lt(vera.id, BigInt(before))),
        )
        .orderBy(desc(vera.id))
        .limit(limit);
      return { total: total?.n ?? 0, items: rows.map((r) => veraSummary(r.vera, r.ownerName)) };
    },
  };
}

export type VerasRepository = ReturnType<typeof verasRepository>;

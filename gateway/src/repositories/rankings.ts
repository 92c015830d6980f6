/** The elo leaderboard per battle type, ranked in SQL (ties share a rank). */
import { character, clan, elo, type SkaldDb } from '@skald/db';
import { and, count, eq, ilike, sql } from 'drizzle-orm';
import { str } from './util.ts';

export function rankingsRepository({ db }: SkaldDb) {
  return {
    /** `name`: only vikings whose name contains it (case-insensitive); ranks stay those of the whole board */
    async leaderboard(battleType: number, limit: number, offset: number, name?: string) {
      const nameFilter = name ? ilike(character.name, `%${name.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
      const ranked = db
        .select({
          characterId: elo.characterId,
          elo: elo.elo,
          battles: elo.battles,
          rank: sql<string>`rank() over (order by ${elo.elo} desc)`.as('rank'),
        })
        .from(elo)
        .where(eq(elo.battleType, battleType))
        .as('ranked');
      const rows = await db
        .select({
          characterId: ranked.characterId,
          elo: ranked.elo,
          battles: ranked.battles,
          rank: ranked.rank,
          name: character.name,
          clanTag: clan.tag,
        })
        .from(ranked)
        .leftJoin(character, eq(character.id, ranked.characterId))
        .leftJoin(clan, and(eq(clan.id, character.clanId), eq(clan.status, 2)))
        .where(nameFilter)
        .orderBy(ranked.rank, ranked.characterId)
        .limit(limit)
        .offset(offset);
      const [total] = nameFilter
        ? await db
            .select({ n: count() })
            .from(elo)
            .innerJoin(character, eq(character.id, elo.characterId))
            .where(and(eq(elo.battleType, battleType), nameFilter))
        : await db.select({ n: count() }).from(elo).where(eq(elo.battleType, battleType));
      return {
        total: total?.n ?? 0,
        items: rows.map((r) => ({
          rank: Number(r.rank),
          characterId: str(r.characterId),
          name: r.name ?? '',
          clanTag: r.clanTag ?? null,
          elo: Number(r.elo),
          battles: r.battles,
        })),
      };
    },
  };
}

export type RankingsRepository = ReturnType<typeof rankingsRepository>;

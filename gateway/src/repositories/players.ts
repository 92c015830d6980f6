/** Player records and character profiles: who a wallet is, and what a viking has done. */
import { account, accountLink, battle, character, clan, clanMember, elo, type SkaldDb } from '@skald/db';
import { BATTLE_TYPE_LABELS, CHARACTER_ATTRIBUTE_KEYS, CLAN_RANK_LABELS, codeLabel } from '@skald/game';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { num, numOrNull, str } from './util.ts';

export function playersRepository({ db }: SkaldDb) {
  return {
    /** The player record of spec section 3 for a wallet (null when the game has never seen it). */
    async byAddress(address: string) {
      const lower = address.toLowerCase() as `0x${string}`;
      const [row] = await db.select().from(account).where(eq(account.address, lower)).limit(1);
      if (!row) return null;
      // links hang off the main account; a play account sees its main account's list
      const links = await db
        .select()
        .from(accountLink)
        .where(
          and(
            or(eq(accountLink.mainAccount, row.mainAccount), eq(accountLink.playAccount, lower)),
            inArray(accountLink.status, ['requested', 'active']),
          ),
        )
        .limit(100);
      return {
        address: lower,
        characterId: row.characterId === 0n ? null : str(row.characterId),
        name: row.name,
        linkedAccounts: {
          accounts: links.map((l) => (l.mainAccount === lower ? l.playAccount : l.mainAccount)),
          isPending: links.map((l) => l.isPending),
        },
        active: row.mainAccount,
        isAdmin: row.isAdmin,
      };
    },

    async isAdmin(address: string): Promise<boolean> {
      const lower = address.toLowerCase() as `0x${string}`;
      const [row] = await db
        .select({ isAdmin: account.isAdmin })
        .from(account)
        .where(eq(account.address, lower));
      return row?.isAdmin ?? false;
    },

    /** A character's profile: name, clan, elo per battle type, battle record. */
    async profile(characterId: string) {
      const id = BigInt(characterId);
      const [row] = await db.select().from(character).where(eq(character.id, id)).limit(1);
      if (!row) return null;
      const [membership] = await db
        .select({
          id: clan.id,
          name: clan.name,
          tag: clan.tag,
          rank: clanMember.rank,
          points: clanMember.points,
        })
        .from(clanMember)
        .innerJoin(clan, eq(clan.id, clanMember.clanId))
        .where(eq(clanMember.characterId, id))
        .limit(1);
      const elos = await db.select().from(elo).where(eq(elo.characterId, id)).orderBy(elo.battleType);
      const [record] = await db
        .select({
          battles: sql<string>`count(*)`,
          wins: sql<string>`count(*) filter (where (${battle.characterA} = ${id} and ${battle.result} = 1) or (${battle.characterB} = ${id} and ${battle.result} = 2))`,
          losses: sql<string>`count(*) filter (where (${battle.characterA} = ${id} and ${battle.result} = 2) or (${battle.characterB} = ${id} and ${battle.result} = 1))`,
          ties: sql<string>`count(*) filter (where ${battle.result} = 3)`,
        })
        .from(battle)
        .where(and(eq(battle.status, 'resolved'), or(eq(battle.characterA, id), eq(battle.characterB, id))));
      return {
        characterId: str(row.id),
        name: row.name,
        account: row.account,
        state: row.state,
        registeredAt: num(row.registeredAt),
        lastLoginAt: numOrNull(row.lastLoginAt),
        starter: { species: row.starterSpecies, rune: row.starterRune },
        attributes: Object.fromEntries(CHARACTER_ATTRIBUTE_KEYS.map((k) => [k, row[k]])) as Record<
          (typeof CHARACTER_ATTRIBUTE_KEYS)[number],
          number
        >,
        clan: membership
          ? {
              id: str(membership.id),
              name: membership.name,
              tag: membership.tag,
              rank: membership.rank,
              rankName: codeLabel(CLAN_RANK_LABELS, membership.rank) ?? `rank ${membership.rank}`,
              points: str(membership.points),
            }
          : null,
        elo: elos.map((e) => ({
          battleType: e.battleType,
          battleTypeName: codeLabel(BATTLE_TYPE_LABELS, e.battleType) ?? `type ${e.battleType}`,
          elo: e.elo,
          battles: e.battles,
        })),
        record: {
          battles: Number(record?.battles ?? 0),
          wins: Number(record?.wins ?? 0),
          losses: Number(record?.losses ?? 0),
          ties: Number(record?.ties ?? 0),
        },
      };
    },

    /** Characters whose name starts with `prefix` (any case), shortest names first: for finding a player. */
    async searchByName(prefix: string, limit: number) {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({ id: character.id, name: character.name })
        .from(character)
        .where(ilike(character.name, pattern))
        .orderBy(asc(sql`length(${character.name})`), asc(character.name), asc(character.id))
        .limit(limit);
      return rows.map((r) => ({ characterId: str(r.id), name: r.name }));
    },

    /** The account that plays a character (for inventory and vera ownership). */
    async accountOf(characterId: string): Promise<string | null> {
      const [row] = await db
        .select({ account: character.account })
        .from(character)
        .where(eq(character.id, BigInt(characterId)));
      return row?.account ?? null;
    },
  };
}

export type PlayersRepository = ReturnType<typeof playersRepository>;

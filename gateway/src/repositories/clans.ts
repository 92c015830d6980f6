/** Clans: the list (by points) and one clan with its members and recent history. */
import { character, clan, clanEvent, clanInvite, clanMember, type SkaldDb } from '@skald/db';
import { CLAN_RANK_LABELS, CLAN_STATUS_LABELS, codeLabel } from '@skald/game';
import type { ClanEventDetail, ClanEventKind } from '@skald/wire/rest';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { num, str, strOrNull } from './util.ts';

const jarl = alias(character, 'jarl');

function clanSummary(row: typeof clan.$inferSelect, jarlName: string | null) {
  return {
    id: str(row.id),
    name: row.name,
    tag: row.tag,
    description: row.description,
    status: row.status,
    statusName: codeLabel(CLAN_STATUS_LABELS, row.status) ?? `status ${row.status}`,
    points: str(row.points),
    memberCount: row.memberCount,
    jarl: { characterId: str(row.jarlId), name: jarlName ?? '' },
    wisp: {
      level: row.wispLevel,
      experience: str(row.wispExperience),
      experienceNeeded: str(row.wispExperienceNeeded),
    },
    foundedAt: num(row.foundedAt),
  };
}

export function clansRepository({ db }: SkaldDb) {
  return {
    async list(status: number | undefined, limit: number, offset: number) {
      const where: SQL | undefined = status === undefined ? undefined : eq(clan.status, status);
      const rows = await db
        .select({ clan, jarlName: jarl.name })
        .from(clan)
        .leftJoin(jarl, eq(jarl.id, clan.jarlId))
        .where(where)
        .orderBy(desc(clan.points), clan.id)
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(clan).where(where);
      return { total: total?.n ?? 0, items: rows.map((r) => clanSummary(r.clan, r.jarlName)) };
    },

    async detail(clanId: string) {
      const id = BigInt(clanId);
      const [row] = await db
        .select({ clan, jarlName: jarl.name })
        .from(clan)
        .leftJoin(jarl, eq(jarl.id, clan.jarlId))
        .where(eq(clan.id, id));
      if (!row) return null;
      const members = await db
        .select({ m: clanMember, name: character.name })
        .from(clanMember)
        .leftJoin(character, eq(character.id, clanMember.characterId))
        .where(eq(clanMember.clanId, id))
        .orderBy(desc(clanMember.rank), desc(clanMember.points), clanMember.characterId)
        .limit(100);
      const events = await db
        .select()
        .from(clanEvent)
        .where(eq(clanEvent.clanId, id))
        .orderBy(desc(clanEvent.blockNumber), desc(clanEvent.logIndex))
        .limit(20);
      return {
        clan: clanSummary(row.clan, row.jarlName),
        members: members.map(({ m, name }) => ({
          characterId: str(m.characterId),
          name: name ?? '',
          rank: m.rank,
          rankName: codeLabel(CLAN_RANK_LABELS, m.rank) ?? `rank ${m.rank}`,
          points: str(m.points),
          joinedAt: num(m.joinedAt),
        })),
        events: events.map((e) => ({
          // the indexer writes one of the wire's kinds, with that kind's detail (@skald/wire CLAN_EVENT_DETAIL_FIELDS)
          kind: e.kind as ClanEventKind,
          characterId: strOrNull(e.characterId),
          detail: e.detail as ClanEventDetail,
          blockNumber: str(e.blockNumber),
          timestamp: num(e.timestamp),
          txHash: e.txHash,
        })),
      };
    },

    async exists(clanId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: clan.id })
        .from(clan)
        .where(eq(clan.id, BigInt(clanId)))
        .limit(1);
      return row !== undefined;
    },

    /** Open invitations and join requests of a clan, newest first, with names. */
    async openAsks(clanId: string) {
      const rows = await db
        .select({ ask: clanInvite, name: character.name })
        .from(clanInvite)
        .leftJoin(character, eq(character.id, clanInvite.characterId))
        .where(
          and(eq(clanInvite.clanId, BigInt(clanId)), inArray(clanInvite.status, ['pending', 'requested'])),
        )
        .orderBy(desc(clanInvite.invitedAt), clanInvite.characterId)
        .limit(100);
      return rows.map(({ ask, name }) => ({
        characterId: str(ask.characterId),
        name: name ?? '',
        kind: ask.status === 'requested' ? ('request' as const) : ('invite' as const),
        invitedBy: str(ask.invitedBy),
        at: num(ask.invitedAt),
      }));
    },

    /** A character's open invitations and requests, with the clans' names. */
    async asksOf(characterId: string) {
      const rows = await db
        .select({ ask: clanInvite, name: clan.name, tag: clan.tag })
        .from(clanInvite)
        .innerJoin(clan, eq(clan.id, clanInvite.clanId))
        .where(
          and(
            eq(clanInvite.characterId, BigInt(characterId)),
            inArray(clanInvite.status, ['pending', 'requested']),
          ),
        )
        .orderBy(desc(clanInvite.invitedAt))
        .limit(50);
      return rows.map(({ ask, name, tag }) => ({
        clanId: str(ask.clanId),
        name,
        tag,
        kind: ask.status === 'requested' ? ('request' as const) : ('invite' as const),
        at: num(ask.invitedAt),
      }));
    },
  };
}

export type ClansRepository = ReturnType<typeof clansRepository>;

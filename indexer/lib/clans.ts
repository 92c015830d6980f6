/** Clan membership writes shared by several clan events. */

import { character, clan, clanEvent, clanMember } from 'ponder:schema';
import { ClanRank } from '@skald/game';
import { at, type Db, type LogEvent, plain } from './activity.ts';
import { asTime } from './time.ts';

export async function addMember(db: Db, event: LogEvent, clanId: bigint, characterId: bigint, rank: number) {
  const inserted = await db
    .insert(clanMember)
    .values({
      clanId,
      characterId,
      rank,
      points: 0n,
      joinedAt: event.block.timestamp,
      joinedTime: asTime(event.block.timestamp),
      joinedBlock: event.block.number,
    })
    .onConflictDoNothing();
  if (inserted) await db.update(clan, { id: clanId }).set((c) => ({ memberCount: c.memberCount + 1 }));
  else await db.update(clanMember, { clanId, characterId }).set({ rank });
  if (rank === ClanRank.jarl) await db.update(clan, { id: clanId }).set({ jarlId: characterId });
  await setCharacterClan(db, characterId, clanId);
}

export async function removeMember(db: Db, clanId: bigint, characterId: bigint) {
  const member = await db.find(clanMember, { clanId, characterId });
  if (!member) return;
  await db.delete(clanMember, { clanId, characterId });
  await db.update(clan, { id: clanId }).set((c) => ({ memberCount: Math.max(0, c.memberCount - 1) }));
  await setCharacterClan(db, characterId, 0n);
}

async function setCharacterClan(db: Db, characterId: bigint, clanId: bigint) {
  if (await db.find(character, { id: characterId }))
    await db.update(character, { id: characterId }).set({ clanId });
}

export async function recordClanEvent(
  db: Db,
  event: LogEvent,
  clanId: bigint,
  kind: string,
  characterId: bigint | null,
  detail: Record<string, unknown>,
) {
  await db.insert(clanEvent).values({
    id: event.id,
    clanId,
    characterId,
    kind,
    detail: plain(detail) as Record<string, unknown>,
    logIndex: event.log.logIndex,
    ...at(event),
  });
}

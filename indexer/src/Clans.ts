import { ponder } from 'ponder:registry';
import { adminAction, clan, clanInvite, clanMember } from 'ponder:schema';
import { ClanLeaveReason, ClanRank, ClanStatus } from '@skald/game';
import { addr, at, recordActivity } from '../lib/activity.ts';
import { addMember, recordClanEvent, removeMember } from '../lib/clans.ts';
import { asTime } from '../lib/time.ts';

ponder.on('Clans:ClanFounded', async ({ event, context }) => {
  const { clanId, jarlId, name, tag, description } = event.args;
  await context.db.insert(clan).values({
    id: clanId,
    name,
    tag,
    description,
    status: ClanStatus.pending,
    jarlId,
    points: 0n,
    memberCount: 0,
    wispLevel: 1,
    wispExperience: 0n,
    wispExperienceNeeded: 100n,
    foundedAt: event.block.timestamp,
    foundedTime: asTime(event.block.timestamp),
    foundedBlock: event.block.number,
  });
  // the founder is the jarl, whether or not the contract also emits ClanMemberJoined for it
  await addMember(context.db, event, clanId, jarlId, ClanRank.jarl);
  await recordClanEvent(context.db, event, clanId, 'founded', jarlId, { name, tag });
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanFounded',
    characterId: jarlId,
    subjectId: clanId,
    payload: { name, tag },
  });
});

ponder.on('Clans:ClanStatusChanged', async ({ event, context }) => {
  const { clanId, status, admin } = event.args;
  const row = await context.db.update(clan, { id: clanId }).set({ status });
  // a declined clan (pending, so its jarl is its only member) releases its jarl, with no ClanMemberLeft event
  if (status === ClanStatus.declined && row.jarlId !== 0n) {
    await removeMember(context.db, clanId, row.jarlId);
    await context.db.update(clan, { id: clanId }).set({ jarlId: 0n });
  }
  await recordClanEvent(context.db, event, clanId, 'status', null, { status, admin: addr(admin) });
  await context.db.insert(adminAction).values({
    id: event.id,
    admin: addr(admin),
    action: 'clan_status',
    detail: { clanId: String(clanId), status },
    ...at(event),
  });
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanStatusChanged',
    account: admin,
    subjectId: clanId,
    payload: { status },
  });
});

ponder.on('Clans:ClanUpdated', async ({ event, context }) => {
  const { clanId, description } = event.args;
  await context.db.update(clan, { id: clanId }).set({ description });
  await recordClanEvent(context.db, event, clanId, 'updated', null, { description });
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanUpdated',
    subjectId: clanId,
    payload: { description },
  });
});

ponder.on('Clans:ClanInviteSent', async ({ event, context }) => {
  const { clanId, characterId, invitedBy } = event.args;
  const values = {
    invitedBy,
    status: 'pending',
    invitedAt: event.block.timestamp,
    invitedTime: asTime(event.block.timestamp),
  };
  await context.db
    .insert(clanInvite)
    .values({ clanId, characterId, ...values })
    .onConflictDoUpdate(values);
  await recordClanEvent(context.db, event, clanId, 'invite_sent', characterId, { invitedBy });
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanInviteSent',
    characterId: invitedBy,
    otherCharacterId: characterId,
    subjectId: clanId,
    payload: {},
  });
});

ponder.on('Clans:ClanInviteDeclined', async ({ event, context }) => {
  const { clanId, characterId } = event.args;
  if (await context.db.find(clanInvite, { clanId, characterId }))
    await context.db.update(clanInvite, { clanId, characterId }).set({ status: 'declined' });
  await recordClanEvent(context.db, event, clanId, 'invite_declined', characterId, {});
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanInviteDeclined',
    characterId,
    subjectId: clanId,
    payload: {},
  });
});

ponder.on('Clans:ClanJoinRequested', async ({ event, context }) => {
  const { clanId, characterId } = event.args;
  // a request shares the invite row: status 'requested', asked by the character itself
  const values = {
    invitedBy: characterId,
    status: 'requested',
    invitedAt: event.block.timestamp,
    invitedTime: asTime(event.block.timestamp),
  };
  await context.db
    .insert(clanInvite)
    .values({ clanId, characterId, ...values })
    .onConflictDoUpdate(values);
  await recordClanEvent(context.db, event, clanId, 'join_requested', characterId, {});
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanJoinRequested',
    characterId,
    subjectId: clanId,
    payload: {},
  });
});

/** outcome 1 accepted (ClanMemberJoined marks the row), 2 declined, 3 withdrawn. */
const REQUEST_CLOSED: Record<number, string> = { 2: 'request_declined', 3: 'withdrawn' };

ponder.on('Clans:ClanJoinRequestClosed', async ({ event, context }) => {
  const { clanId, characterId, outcome, by } = event.args;
  const status = REQUEST_CLOSED[outcome];
  if (status && (await context.db.find(clanInvite, { clanId, characterId })))
    await context.db.update(clanInvite, { clanId, characterId }).set({ status });
  const kind = outcome === 1 ? 'join_accepted' : outcome === 2 ? 'join_declined' : 'join_withdrawn';
  await recordClanEvent(context.db, event, clanId, kind, characterId, { by });
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanJoinRequestClosed',
    characterId: by,
    otherCharacterId: characterId,
    subjectId: clanId,
    payload: { outcome },
  });
});

ponder.on('Clans:ClanMemberJoined', async ({ event, context }) => {
  const { clanId, characterId, rank } = event.args;
  await addMember(context.db, event, clanId, characterId, rank);
  if (await context.db.find(clanInvite, { clanId, characterId }))
    await context.db.update(clanInvite, { clanId, characterId }).set({ status: 'accepted' });
  await recordClanEvent(context.db, event, clanId, 'joined', characterId, { rank });
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanMemberJoined',
    characterId,
    subjectId: clanId,
    payload: { rank },
  });
});

ponder.on('Clans:ClanMemberLeft', async ({ event, context }) => {
  const { clanId, characterId, reason, by } = event.args;
  await removeMember(context.db, clanId, characterId);
  const kind = reason === ClanLeaveReason.kicked ? 'kicked' : 'left';
  await recordClanEvent(context.db, event, clanId, kind, characterId, { by });
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanMemberLeft',
    characterId,
    otherCharacterId: by === characterId ? null : by,
    subjectId: clanId,
    payload: { reason: kind },
  });
});

ponder.on('Clans:ClanRankChanged', async ({ event, context }) => {
  const { clanId, characterId, oldRank, newRank } = event.args;
  if (await context.db.find(clanMember, { clanId, characterId }))
    await context.db.update(clanMember, { clanId, characterId }).set({ rank: newRank });
  if (newRank === ClanRank.jarl) await context.db.update(clan, { id: clanId }).set({ jarlId: characterId });
  await recordClanEvent(context.db, event, clanId, 'rank_changed', characterId, { oldRank, newRank });
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanRankChanged',
    characterId,
    subjectId: clanId,
    payload: { oldRank, newRank },
  });
});

ponder.on('Clans:ClanPointsChanged', async ({ event, context }) => {
  const { clanId, characterId, added, clanPoints, memberPoints } = event.args;
  await context.db.update(clan, { id: clanId }).set({ points: clanPoints });
  if (await context.db.find(clanMember, { clanId, characterId }))
    await context.db.update(clanMember, { clanId, characterId }).set({ points: memberPoints });
  await recordClanEvent(context.db, event, clanId, 'points', characterId, {
    added,
    clanPoints,
    memberPoints,
  });
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'ClanPointsChanged',
    characterId,
    subjectId: clanId,
    payload: { added, clanPoints },
  });
});

ponder.on('Clans:WispExperienceGained', async ({ event, context }) => {
  const { clanId, amount, levelBefore, levelAfter, experience, experienceNeeded } = event.args;
  await context.db
    .update(clan, { id: clanId })
    .set({ wispLevel: levelAfter, wispExperience: experience, wispExperienceNeeded: experienceNeeded });
  await recordClanEvent(context.db, event, clanId, 'wisp', null, { amount, levelBefore, levelAfter });
  await recordActivity(context.db, event, {
    type: 'clan',
    event: 'WispExperienceGained',
    subjectId: clanId,
    payload: { amount, levelBefore, levelAfter },
  });
});

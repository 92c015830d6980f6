import { ponder } from 'ponder:registry';
import {
  adminAction,
  battle,
  battleAction,
  battleChallenge,
  battleQueue,
  battleSide,
  battleTypeSetting,
  character,
  elo,
  eloHistory,
} from 'ponder:schema';
import { addr, at, recordActivity } from '../lib/activity.ts';
import { insertSides, markForfeits, resolveSides } from '../lib/battles.ts';
import { asTime, asTimeOrNull } from '../lib/time.ts';

ponder.on('Battles:QueueEntered', async ({ event, context }) => {
  const { characterId, battleType, veraIds } = event.args;
  const values = {
    veraIds: [...veraIds],
    enteredAt: event.block.timestamp,
    enteredTime: asTime(event.block.timestamp),
  };
  await context.db
    .insert(battleQueue)
    .values({ characterId, battleType, ...values })
    .onConflictDoUpdate(values);
  await recordActivity(context.db, event, {
    type: 'battle',
    event: 'QueueEntered',
    characterId,
    payload: { battleType, veraIds },
  });
});

ponder.on('Battles:QueueLeft', async ({ event, context }) => {
  const { characterId, battleType } = event.args;
  await context.db.delete(battleQueue, { characterId, battleType });
  await recordActivity(context.db, event, {
    type: 'battle',
    event: 'QueueLeft',
    characterId,
    payload: { battleType },
  });
});

ponder.on('Battles:BattleStarted', async ({ event, context }) => {
  const { battleId, battleType, characterA, characterB, verasA, verasB } = event.args;
  // the names the sides have now: a battle keeps them when a viking is renamed later
  const [a, b] = await Promise.all([
    context.db.find(character, { id: characterA }),
    context.db.find(character, { id: characterB }),
  ]);
  const nameA = a?.name ?? '';
  const nameB = b?.name ?? '';
  await context.db.insert(battle).values({
    id: battleId,
    battleType,
    characterA,
    characterB,
    nameA,
    nameB,
    verasA: [...verasA],
    verasB: [...verasB],
    status: 'started',
    startedAt: event.block.timestamp,
    startedTime: asTime(event.block.timestamp),
    startedBlock: event.block.number,
  });
  await insertSides(context.db, {
    battleId,
    battleType,
    characterA,
    characterB,
    nameA,
    nameB,
    verasA,
    verasB,
  });
  // pairing takes both sides out of the queue
  await context.db.delete(battleQueue, { characterId: characterA, battleType });
  await context.db.delete(battleQueue, { characterId: characterB, battleType });
  await recordActivity(context.db, event, {
    type: 'battle',
    event: 'BattleStarted',
    characterId: characterA,
    otherCharacterId: characterB,
    subjectId: battleId,
    payload: { battleType, verasA, verasB },
  });
});

ponder.on('Battles:BattleDeadlineSet', async ({ event, context }) => {
  const { battleId, deadline } = event.args;
  await context.db.update(battle, { id: battleId }).set({ deadline, deadlineTime: asTimeOrNull(deadline) });
});

ponder.on('Battles:BattleTimedOut', async ({ event, context }) => {
  const { battleId, characterA, characterB, silentA, silentB, claimedBy } = event.args;
  const forfeited = silentA && silentB ? 'both' : silentA ? 'A' : silentB ? 'B' : null;
  await context.db.update(battle, { id: battleId }).set({ endReason: 'timeout', forfeited });
  await markForfeits(context.db, battleId, silentA, silentB);
  await recordActivity(context.db, event, {
    type: 'battle',
    event: 'BattleTimedOut',
    account: claimedBy,
    characterId: characterA,
    otherCharacterId: characterB,
    subjectId: battleId,
    payload: { battleId, silentA, silentB, claimedBy },
  });
});

ponder.on('Battles:ActionsSubmitted', async ({ event, context }) => {
  const { battleId, characterId, actions, surrenderIds } = event.args;
  const values = {
    actions: [...actions],
    surrenderIds: [...surrenderIds],
    submittedAt: event.block.timestamp,
    submittedTime: asTime(event.block.timestamp),
  };
  await context.db
    .insert(battleAction)
    .values({ battleId, characterId, ...values })
    .onConflictDoUpdate(values);
  await recordActivity(context.db, event, {
    type: 'battle',
    event: 'ActionsSubmitted',
    characterId,
    subjectId: battleId,
    payload: { actions, surrenderIds },
  });
});

ponder.on('Battles:BattleResolved', async ({ event, context }) => {
  const { battleId, battleType, characterA, characterB, result, scoreA, scoreB } = event.args;
  // BattleTimedOut, when the battle ended by a claim, came just before and set the reason
  await context.db.update(battle, { id: battleId }).set((row) => ({
    endReason: row.endReason ?? 'actions',
    status: 'resolved',
    result,
    scoreA,
    scoreB,
    resolvedAt: event.block.timestamp,
    resolvedTime: asTime(event.block.timestamp),
    resolvedBlock: event.block.number,
  }));
  await resolveSides(context.db, battleId, result);
  await recordActivity(context.db, event, {
    type: 'battle',
    event: 'BattleResolved',
    characterId: characterA,
    otherCharacterId: characterB,
    subjectId: battleId,
    payload: { battleType, result, scoreA, scoreB },
  });
});

ponder.on('Battles:EloChanged', async ({ event, context }) => {
  const { characterId, battleType, battleId, eloBefore, eloAfter } = event.args;
  await context.db
    .insert(elo)
    .values({ characterId, battleType, elo: eloAfter, battles: 1, updatedBlock: event.block.number })
    .onConflictDoUpdate((row) => ({
      elo: eloAfter,
      battles: row.battles + 1,
      updatedBlock: event.block.number,
    }));
  await context.db.insert(eloHistory).values({
    id: event.id,
    characterId,
    battleType,
    battleId,
    eloBefore,
    eloAfter,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    blockTime: asTime(event.block.timestamp),
  });
  // BattleResolved came just before: the side is the one this character fights on
  const fought = await context.db.find(battle, { id: battleId });
  const side = fought?.characterA === characterId ? 'A' : fought?.characterB === characterId ? 'B' : null;
  if (side) await context.db.update(battleSide, { battleId, side }).set({ eloBefore, eloAfter });
  await recordActivity(context.db, event, {
    type: 'battle',
    event: 'EloChanged',
    characterId,
    subjectId: battleId,
    payload: { battleType, eloBefore, eloAfter },
  });
});

ponder.on('Battles:BattleTypeToggled', async ({ event, context }) => {
  const { battleType, enabled, admin } = event.args;
  const values = { enabled, updatedBlock: event.block.number };
  await context.db
    .insert(battleTypeSetting)
    .values({ battleType, ...values })
    .onConflictDoUpdate(values);
  await context.db.insert(adminAction).values({
    id: event.id,
    admin: addr(admin),
    action: 'battle_type',
    detail: { battleType, enabled },
    ...at(event),
  });
  await recordActivity(context.db, event, {
    type: 'admin',
    event: 'BattleTypeToggled',
    account: admin,
    payload: { battleType, enabled },
  });
});

ponder.on('Battles:ChallengeSent', async ({ event, context }) => {
  const { challengeId, challenger, opponent, battleType, veraIds } = event.args;
  await context.db.insert(battleChallenge).values({
    id: challengeId,
    challenger,
    opponent,
    battleType,
    veraIds: [...veraIds],
    status: 'open',
    sentAt: event.block.timestamp,
    sentTime: asTime(event.block.timestamp),
  });
  await recordActivity(context.db, event, {
    type: 'battle',
    event: 'ChallengeSent',
    characterId: challenger,
    otherCharacterId: opponent,
    subjectId: challengeId,
    payload: { battleType, veraIds },
  });
});

/** outcome 1 accepted, 2 declined, 3 withdrawn. */
const CHALLENGE_STATUS: Record<number, string> = { 1: 'accepted', 2: 'declined', 3: 'withdrawn' };

ponder.on('Battles:ChallengeClosed', async ({ event, context }) => {
  const { challengeId, outcome, by, battleId } = event.args;
  const row = await context.db.find(battleChallenge, { id: challengeId });
  if (row) {
    await context.db.update(battleChallenge, { id: challengeId }).set({
      status: CHALLENGE_STATUS[outcome] ?? `outcome ${outcome}`,
      battleId: battleId === 0n ? null : battleId,
      closedAt: event.block.timestamp,
      closedTime: asTime(event.block.timestamp),
    });
  }
  await recordActivity(context.db, event, {
    type: 'battle',
    event: 'ChallengeClosed',
    characterId: by,
    otherCharacterId: row ? (row.challenger === by ? row.opponent : row.challenger) : null,
    subjectId: challengeId,
    payload: { outcome, battleId },
  });
});

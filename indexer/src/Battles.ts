import { ponder } from 'ponder:registry';
import {
  adminAction,
  battle,
  battleAction,
  battleChallenge,
  battleQueue,
  battleTypeSetting,
  elo,
  eloHistory,
} from 'ponder:schema';
import { addr, at, recordActivity } from '../lib/activity.ts';

ponder.on('Battles:QueueEntered', async ({ event, context }) => {
  const { characterId, battleType, veraIds } = event.args;
  const values = { veraIds: [...veraIds], enteredAt: event.block.timestamp };
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
  await context.db.insert(battle).values({
    id: battleId,
    battleType,
    characterA,
    characterB,
    verasA: [...verasA],
    verasB: [...verasB],
    status: 'started',
    startedAt: event.block.timestamp,
    startedBlock: event.block.number,
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

ponder.on('Battles:ActionsSubmitted', async ({ event, context }) => {
  const { battleId, characterId, actions, surrenderIds } = event.args;
  const values = {
    actions: [...actions],
    surrenderIds: [...surrenderIds],
    submittedAt: event.block.timestamp,
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
  await context.db.update(battle, { id: battleId }).set({
    status: 'resolved',
    result,
    scoreA,
    scoreB,
    resolvedAt: event.block.timestamp,
    resolvedBlock: event.block.number,
  });
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
  });
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

import { ponder } from 'ponder:registry';
import {
  adminAction,
  battle,
  battleAction,
  battleQueue,
  battleTypeSetting,
  elo,
  eloHistory,
} from 'ponder:schema';
import { addr, at, recordActivity } from './lib/activity.ts';

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

import { ponder } from 'ponder:registry';
import { adminAction, bankLock, bankLockDuration, bankProgress } from 'ponder:schema';
import { addr, at, recordActivity } from '../lib/activity.ts';
import { asTime, asTimeOrNull } from '../lib/time.ts';

ponder.on('Bank:RunixLocked', async ({ event, context }) => {
  const { characterId, lockIndex, runix, lockDate, unlockDate, runixReward, onyxReward, milestoneId } =
    event.args;
  const values = {
    runix,
    lockDate,
    lockTime: asTime(lockDate),
    unlockDate,
    unlockTime: asTimeOrNull(unlockDate),
    runixReward,
    onyxReward,
    milestoneId,
    status: 'locked',
    unlockedAt: null,
    unlockedTime: null,
    updatedBlock: event.block.number,
  };
  await context.db
    .insert(bankLock)
    .values({ characterId, lockIndex, ...values })
    .onConflictDoUpdate(values);
  await recordActivity(context.db, event, {
    type: 'bank',
    event: 'RunixLocked',
    characterId,
    payload: { lockIndex, runix, unlockDate, runixReward, onyxReward },
  });
});

ponder.on('Bank:RunixUnlocked', async ({ event, context }) => {
  const { characterId, lockIndex, runix, runixReward, onyxReward } = event.args;
  await context.db.update(bankLock, { characterId, lockIndex }).set({
    status: 'unlocked',
    unlockedAt: event.block.timestamp,
    unlockedTime: asTime(event.block.timestamp),
    updatedBlock: event.block.number,
  });
  await recordActivity(context.db, event, {
    type: 'bank',
    event: 'RunixUnlocked',
    characterId,
    payload: { lockIndex, runix, runixReward, onyxReward },
  });
});

ponder.on('Bank:BankMilestoneReached', async ({ event, context }) => {
  const { characterId, milestoneId, earningsToDate, nextMilestoneThreshold } = event.args;
  const values = { milestoneId, earningsToDate, nextMilestoneThreshold, updatedBlock: event.block.number };
  await context.db
    .insert(bankProgress)
    .values({ characterId, ...values })
    .onConflictDoUpdate(values);
  await recordActivity(context.db, event, {
    type: 'bank',
    event: 'BankMilestoneReached',
    characterId,
    payload: { milestoneId, earningsToDate },
  });
});

ponder.on('Bank:LockDurationSet', async ({ event, context }) => {
  const { lockIndex, durationSeconds, admin } = event.args;
  const values = { durationSeconds, updatedBlock: event.block.number };
  await context.db
    .insert(bankLockDuration)
    .values({ lockIndex, ...values })
    .onConflictDoUpdate(values);
  await context.db.insert(adminAction).values({
    id: event.id,
    admin: addr(admin),
    action: 'lock_duration',
    detail: { lockIndex, durationSeconds: String(durationSeconds) },
    ...at(event),
  });
  await recordActivity(context.db, event, {
    type: 'admin',
    event: 'LockDurationSet',
    account: admin,
    payload: { lockIndex, durationSeconds },
  });
});

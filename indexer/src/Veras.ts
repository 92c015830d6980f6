import { ponder } from 'ponder:registry';
import { mint, vera, veraAbility, veraTracker, veraTransfer } from 'ponder:schema';
import { type MintMethod, selectorOf, veraMintedActivity } from '@skald/chain/activity';
import {
  addUnallocatedPoints,
  type EffectiveStatKey,
  effectiveStatKey,
  experienceForLevel,
  POINTS_PER_LEVEL,
  STAT_KEYS,
  statsFromArray,
} from '@skald/game';
import { zeroAddress } from 'viem';
import { addr, at, recordActivity } from '../lib/activity.ts';
import { asTime } from '../lib/time.ts';

/** The contract's effective stats as the vera table's flat columns (`effectiveStrength`…). */
const effectiveStats = (s: readonly number[]) => {
  const stats = statsFromArray(s);
  return Object.fromEntries(STAT_KEYS.map((key) => [effectiveStatKey(key), stats[key]])) as Record<
    EffectiveStatKey,
    number
  >;
};

ponder.on('Veras:VeraMinted', async ({ event, context }) => {
  const { veraId, owner, characterId, species, mainRune, subRune, personality, innate, level, origin } =
    event.args;
  const activity = veraMintedActivity(event.args, event.transaction.input);
  const method = activity.payload.method as MintMethod;
  await context.db.insert(vera).values({
    id: veraId,
    owner: addr(owner),
    characterId,
    species,
    mainRune,
    subRune,
    personality,
    level,
    // a vera minted above level 1 starts with that level's experience and points (game/ mirrors the contract)
    experience: experienceForLevel(level),
    unallocatedPoints: addUnallocatedPoints(0, POINTS_PER_LEVEL * (level - 1)),
    ...statsFromArray(innate),
    ...effectiveStats(innate),
    abilities: [],
    wins: 0,
    losses: 0,
    ties: 0,
    origin,
    mintMethod: method,
    mintTx: event.transaction.hash,
    mintedBlock: event.block.number,
    mintedAt: event.block.timestamp,
    mintedTime: asTime(event.block.timestamp),
  });
  await context.db.insert(mint).values({
    veraId,
    method,
    selector: selectorOf(event.transaction.input),
    owner: addr(owner),
    characterId,
    origin,
    species,
    txHash: event.transaction.hash,
    txFrom: addr(event.transaction.from),
    blockNumber: event.block.number,
    logIndex: event.log.logIndex,
    timestamp: event.block.timestamp,
    blockTime: asTime(event.block.timestamp),
  });
  await recordActivity(context.db, event, activity);
});

ponder.on('Veras:Transfer', async ({ event, context }) => {
  const { from, to, tokenId } = event.args;
  await context.db.insert(veraTransfer).values({
    id: event.id,
    veraId: tokenId,
    from: addr(from),
    to: addr(to),
    logIndex: event.log.logIndex,
    ...at(event),
  });
  // a mint's owner comes with VeraMinted; a transfer moves an existing vera
  if (from !== zeroAddress && (await context.db.find(vera, { id: tokenId })))
    await context.db.update(vera, { id: tokenId }).set({ owner: addr(to) });
  await recordActivity(context.db, event, {
    type: 'vera',
    event: 'Transfer',
    account: to,
    subjectId: tokenId,
    payload: { from: addr(from), to: addr(to) },
  });
});

ponder.on('Veras:VeraStatsAllocated', async ({ event, context }) => {
  const { veraId, points, effectiveAfter, unallocatedAfter } = event.args;
  const row = await context.db
    .update(vera, { id: veraId })
    .set({ ...effectiveStats(effectiveAfter), unallocatedPoints: unallocatedAfter });
  await recordActivity(context.db, event, {
    type: 'vera',
    event: 'VeraStatsAllocated',
    account: row.owner,
    subjectId: veraId,
    payload: { points, effectiveAfter },
  });
});

ponder.on('Veras:VeraAbilityLearned', async ({ event, context }) => {
  const { veraId, abilityId } = event.args;
  const row = await context.db
    .update(vera, { id: veraId })
    .set((v) => ({ abilities: [...v.abilities, abilityId] }));
  await context.db
    .insert(veraAbility)
    .values({ veraId, abilityId, learnedBlock: event.block.number })
    .onConflictDoNothing();
  await recordActivity(context.db, event, {
    type: 'vera',
    event: 'VeraAbilityLearned',
    account: row.owner,
    subjectId: veraId,
    payload: { abilityId },
  });
});

ponder.on('Veras:VeraTracked', async ({ event, context }) => {
  const { characterId, species, areaId, statIndex, minimumStatRarity } = event.args;
  const values = { areaId, statIndex, minimumStatRarity, trackedBlock: event.block.number };
  await context.db
    .insert(veraTracker)
    .values({ characterId, species, ...values })
    .onConflictDoUpdate(values);
  await recordActivity(context.db, event, {
    type: 'vera',
    event: 'VeraTracked',
    characterId,
    payload: { species, areaId, statIndex, minimumStatRarity },
  });
});

ponder.on('Veras:VeraExperienceGained', async ({ event, context }) => {
  const { veraId, amount, experienceAfter, levelBefore, levelAfter, unallocatedAfter } = event.args;
  const row = await context.db
    .update(vera, { id: veraId })
    .set({ experience: experienceAfter, level: levelAfter, unallocatedPoints: unallocatedAfter });
  await recordActivity(context.db, event, {
    type: 'vera',
    event: 'VeraExperienceGained',
    account: row.owner,
    subjectId: veraId,
    payload: { amount, experienceAfter, levelBefore, levelAfter },
  });
});

ponder.on('Veras:VeraBattleRecorded', async ({ event, context }) => {
  const { veraId, battleId, result, wins, losses, ties } = event.args;
  const row = await context.db.update(vera, { id: veraId }).set({ wins, losses, ties });
  await recordActivity(context.db, event, {
    type: 'vera',
    event: 'VeraBattleRecorded',
    account: row.owner,
    subjectId: veraId,
    payload: { battleId, result, wins, losses, ties },
  });
});

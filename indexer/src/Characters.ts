import { ponder } from 'ponder:registry';
import { account, accountLink, character } from 'ponder:schema';
import { characterCreatedActivity } from '@skald/chain/activity';
import { CharacterState } from '@skald/game';
import type { Hex } from 'viem';
import { ensureAccount, updateAccount } from '../lib/accounts.ts';
import { addr, type Db, type LogEvent, recordActivity } from '../lib/activity.ts';
import { asTime, asTimeOrNull } from '../lib/time.ts';

ponder.on('Characters:CharacterCreated', async ({ event, context }) => {
  const { characterId, account: owner, referrer, name, attributes, choices, registeredAt } = event.args;
  await context.db.insert(character).values({
    id: characterId,
    account: addr(owner),
    name,
    referrer: addr(referrer),
    state: CharacterState.onboarding,
    clanId: 0n,
    starterSpecies: choices.starterSpecies,
    starterRune: choices.starterRune,
    ...attributes,
    registeredAt,
    registeredTime: asTime(registeredAt),
    lastLoginAt: null,
    lastLoginTime: null,
    createdBlock: event.block.number,
    createdTx: event.transaction.hash,
  });
  // the new character becomes the account's selected one
  await updateAccount(context.db, owner, event.block.number, { characterId, name });
  await recordActivity(context.db, event, characterCreatedActivity(event.args));
});

ponder.on('Characters:CharacterRenamed', async ({ event, context }) => {
  const { characterId, oldName, newName } = event.args;
  const row = await context.db.update(character, { id: characterId }).set({ name: newName });
  const owner = await context.db.find(account, { address: row.account });
  if (owner?.characterId === characterId)
    await updateAccount(context.db, row.account, event.block.number, { name: newName });
  await recordActivity(context.db, event, {
    type: 'character',
    event: 'CharacterRenamed',
    account: row.account,
    characterId,
    payload: { oldName, newName },
  });
});

ponder.on('Characters:CharacterSelected', async ({ event, context }) => {
  const { account: owner, previousCharacterId, characterId } = event.args;
  const selected = characterId === 0n ? null : await context.db.find(character, { id: characterId });
  await updateAccount(context.db, owner, event.block.number, { characterId, name: selected?.name ?? '' });
  await recordActivity(context.db, event, {
    type: 'character',
    event: 'CharacterSelected',
    account: owner,
    characterId,
    otherCharacterId: previousCharacterId,
    payload: { previousCharacterId, characterId },
  });
});

ponder.on('Characters:PlayerLoggedIn', async ({ event, context }) => {
  const { account: player, characterId, timestamp, onboardingCompleted } = event.args;
  await context.db.update(character, { id: characterId }).set((row) => ({
    lastLoginAt: timestamp,
    lastLoginTime: asTimeOrNull(timestamp),
    state: onboardingCompleted ? CharacterState.active : row.state,
  }));
  await recordActivity(context.db, event, {
    type: 'character',
    event: 'PlayerLoggedIn',
    account: player,
    characterId,
    payload: { onboardingCompleted },
  });
});

type LinkStatus = 'requested' | 'active' | 'declined' | 'cancelled' | 'revoked';

async function onLink(
  db: Db,
  event: LogEvent & { args: { mainAccount: Hex; playAccount: Hex } },
  eventName: string,
  status: LinkStatus,
) {
  const { mainAccount, playAccount } = event.args;
  const key = { mainAccount: addr(mainAccount), playAccount: addr(playAccount) };
  const ts = event.block.timestamp;
  const time = asTime(ts);
  await db
    .insert(accountLink)
    .values({
      ...key,
      status,
      isPending: status === 'requested',
      requestedAt: ts,
      requestedTime: time,
      updatedAt: ts,
      updatedTime: time,
    })
    .onConflictDoUpdate({
      status,
      isPending: status === 'requested',
      updatedAt: ts,
      updatedTime: time,
      ...(status === 'requested' ? { requestedAt: ts, requestedTime: time } : {}),
    });
  await ensureAccount(db, mainAccount, event.block.number);
  if (status === 'active' || status === 'revoked')
    await updateAccount(db, playAccount, event.block.number, {
      mainAccount: status === 'active' ? key.mainAccount : key.playAccount,
    });
  else await ensureAccount(db, playAccount, event.block.number);
  await recordActivity(db, event, {
    type: 'character',
    event: eventName,
    account: playAccount,
    payload: { mainAccount: key.mainAccount, playAccount: key.playAccount, status },
  });
}

ponder.on('Characters:AccountLinkRequested', ({ event, context }) =>
  onLink(context.db, event, 'AccountLinkRequested', 'requested'),
);
ponder.on('Characters:AccountLinkAccepted', ({ event, context }) =>
  onLink(context.db, event, 'AccountLinkAccepted', 'active'),
);
ponder.on('Characters:AccountLinkDeclined', ({ event, context }) =>
  onLink(context.db, event, 'AccountLinkDeclined', 'declined'),
);
ponder.on('Characters:AccountLinkCancelled', ({ event, context }) =>
  onLink(context.db, event, 'AccountLinkCancelled', 'cancelled'),
);
ponder.on('Characters:AccountLinkRevoked', ({ event, context }) =>
  onLink(context.db, event, 'AccountLinkRevoked', 'revoked'),
);

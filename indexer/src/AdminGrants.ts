/** The admin audit trail: AdminGranted from whichever contract emitted it. */

import { ponder } from 'ponder:registry';
import { account, adminGrant, vera } from 'ponder:schema';
import { adminGrantedActivity, grantKindName } from '@skald/chain/activity';
import { grantTarget } from '@skald/game';
import type { Hex } from 'viem';
import { addr, at, type Db, type LogEvent, recordActivity } from '../lib/activity.ts';

type Granted = { admin: Hex; kind: number; target: bigint; subjectId: bigint; amount: bigint };

async function onGranted(db: Db, event: LogEvent & { args: Granted }, contract: string) {
  const { admin, kind, target, subjectId, amount } = event.args;
  const kindName = grantKindName(kind);
  const targets = grantTarget(kind);
  let targetCharacterId: bigint | null = targets === 'character' ? target : null;
  if (targets === 'vera') {
    const granted = await db.find(vera, { id: target });
    const owner = granted ? await db.find(account, { address: granted.owner }) : null;
    targetCharacterId = owner && owner.characterId > 0n ? owner.characterId : (granted?.characterId ?? null);
  }
  await db.insert(adminGrant).values({
    id: event.id,
    admin: addr(admin),
    kind,
    kindName,
    target,
    targetCharacterId,
    subjectId,
    amount,
    contract,
    ...at(event),
  });
  await recordActivity(db, event, adminGrantedActivity(event.args, kindName, contract));
}

ponder.on('Inventory:AdminGranted', ({ event, context }) => onGranted(context.db, event, 'Inventory'));
ponder.on('Veras:AdminGranted', ({ event, context }) => onGranted(context.db, event, 'Veras'));
ponder.on('Clans:AdminGranted', ({ event, context }) => onGranted(context.db, event, 'Clans'));

/** The admin audit trail: AdminGranted from whichever contract emitted it. */

import { ponder } from 'ponder:registry';
import { adminGrant } from 'ponder:schema';
import { adminGrantedActivity, grantKindName } from '@skald/chain/activity';
import type { Hex } from 'viem';
import { addr, at, type Db, type LogEvent, recordActivity } from './lib/activity.ts';

type Granted = { admin: Hex; kind: number; target: bigint; subjectId: bigint; amount: bigint };

async function onGranted(db: Db, event: LogEvent & { args: Granted }, contract: string) {
  const { admin, kind, target, subjectId, amount } = event.args;
  const kindName = grantKindName(kind);
  await db.insert(adminGrant).values({
    id: event.id,
    admin: addr(admin),
    kind,
    kindName,
    target,
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

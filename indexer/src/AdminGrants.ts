/** The admin audit trail: AdminGranted from whichever contract emitted it. */

import { ponder } from 'ponder:registry';
import { adminGrant } from 'ponder:schema';
import { ADMIN_GRANT_KIND_LABELS, codeLabel } from '@skald/game';
import type { Hex } from 'viem';
import { addr, at, type Db, type LogEvent, recordActivity } from './lib/activity.ts';

type Granted = { admin: Hex; kind: number; target: bigint; subjectId: bigint; amount: bigint };

async function onGranted(db: Db, event: LogEvent & { args: Granted }, contract: string) {
  const { admin, kind, target, subjectId, amount } = event.args;
  const kindName = codeLabel(ADMIN_GRANT_KIND_LABELS, kind) ?? `kind ${kind}`;
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
  // experience targets a vera and wisp experience a clan; every other kind targets a character
  const targetsCharacter = kind !== 2 && kind !== 8;
  await recordActivity(db, event, {
    type: 'grant',
    event: 'AdminGranted',
    account: admin,
    characterId: targetsCharacter ? target : null,
    subjectId: targetsCharacter ? subjectId : target,
    payload: { kind: kindName, target, subjectId, amount, contract },
  });
}

ponder.on('Inventory:AdminGranted', ({ event, context }) => onGranted(context.db, event, 'Inventory'));
ponder.on('Veras:AdminGranted', ({ event, context }) => onGranted(context.db, event, 'Veras'));
ponder.on('Clans:AdminGranted', ({ event, context }) => onGranted(context.db, event, 'Clans'));

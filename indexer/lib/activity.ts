/**
 * The one writer of `activity` rows (every game event is one row, keyed by its chain position) and the small
 * helpers every handler shares. Handlers call these; they hold no game logic.
 */

import type { Context } from 'ponder:registry';
import { activity } from 'ponder:schema';
import { type ActivityInput, plain } from '@skald/chain/activity';
import { encodeCursor, normalizeAddress } from '@skald/game';
import type { Hex } from 'viem';
import { asTime } from './time.ts';

export type Db = Context<'Roles:RoleGranted'>['db'];

/** The parts of a Ponder log event the writers need. */
export type LogEvent = {
  id: string;
  block: { number: bigint; timestamp: bigint };
  log: { logIndex: number };
  transaction: { hash: Hex; from: Hex; input: Hex };
};

export { type ActivityInput, type ActivityType, plain } from '@skald/chain/activity';

/** Lower-case address, the one format the database stores. */
export const addr = (value: string): Hex => normalizeAddress(value);

/** Chain position, block time (unix seconds and its timestamptz twin) and tx of an event, for history rows. */
export const at = (event: LogEvent) => ({
  blockNumber: event.block.number,
  timestamp: event.block.timestamp,
  blockTime: asTime(event.block.timestamp),
  txHash: event.transaction.hash,
});

export async function recordActivity(db: Db, event: LogEvent, input: ActivityInput): Promise<void> {
  await db.insert(activity).values({
    cursor: encodeCursor({ blockNumber: event.block.number, logIndex: event.log.logIndex }),
    blockNumber: event.block.number,
    logIndex: event.log.logIndex,
    timestamp: event.block.timestamp,
    blockTime: asTime(event.block.timestamp),
    txHash: event.transaction.hash,
    type: input.type,
    event: input.event,
    account: input.account ? addr(input.account) : null,
    characterId: input.characterId ?? null,
    otherCharacterId: input.otherCharacterId ?? null,
    subjectId: input.subjectId ?? null,
    payload: plain(input.payload) as Record<string, unknown>,
  });
}

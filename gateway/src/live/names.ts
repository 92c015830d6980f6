/**
 * The fast lane's names (a provisional event names its vikings before the indexer has): loaded from the
 * database at start, then kept current by every confirmed event.
 */
import { account, character, type SkaldDb } from '@skald/db';
import { gt } from 'drizzle-orm';
import type { NameCache } from './fast-lane.ts';
import type { Batch } from './hub.ts';

/** At most this many characters (and accounts) are loaded at start. */
const NAME_CACHE_ROWS = 1_000_000;

export async function loadNames(db: SkaldDb, names: NameCache): Promise<void> {
  const rows = await db.db
    .select({ id: character.id, name: character.name })
    .from(character)
    .limit(NAME_CACHE_ROWS);
  for (const row of rows) names.set(row.id, row.name);
  const accounts = await db.db
    .select({ address: account.address, characterId: account.characterId })
    .from(account)
    .where(gt(account.characterId, 0n))
    .limit(NAME_CACHE_ROWS);
  for (const row of accounts) names.select(row.address, row.characterId);
}

/** Every confirmed event names the vikings it is about (a mint's owner among them). */
export function learnNames(names: NameCache, batch: Batch): void {
  for (const event of batch.events) {
    if (event.characterId && event.names?.character) names.set(event.characterId, event.names.character);
    if (event.otherCharacterId && event.names?.other) names.set(event.otherCharacterId, event.names.other);
    if ((event.kind === 'CharacterCreated' || event.kind === 'CharacterSelected') && event.account)
      names.select(event.account, event.characterId ?? '0');
  }
}

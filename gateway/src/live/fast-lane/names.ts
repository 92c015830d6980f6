/**
 * The fast lane's names (a provisional event names its vikings before the indexer has): loaded from the
 * database at start, then kept current by the events the lane decodes and by every confirmed event.
 */
import { account, character, type SkaldDb } from '@skald/db';
import { gt } from 'drizzle-orm';
import type { Batch } from '../hub.ts';

/**
 * characterId -> name and account -> selected characterId, loaded from the index and kept current by the events
 * the fast lane decodes, so provisional events carry the names their confirmed copies will.
 */
export class NameCache {
  private readonly names = new Map<string, string>();
  private readonly selected = new Map<string, string>();
  get(characterId: bigint | null): string | null {
    return characterId === null ? null : (this.names.get(characterId.toString()) ?? null);
  }
  set(characterId: bigint | string, name: string): void {
    this.names.set(characterId.toString(), name);
  }
  /** the name of the account's selected character */
  account(address: string | null): string | null {
    const id = address === null ? undefined : this.selected.get(address.toLowerCase());
    return id === undefined ? null : (this.names.get(id) ?? null);
  }
  select(address: string, characterId: bigint | string): void {
    if (BigInt(characterId) === 0n) this.selected.delete(address.toLowerCase());
    else this.selected.set(address.toLowerCase(), characterId.toString());
  }
  get size(): number {
    return this.names.size;
  }
}

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

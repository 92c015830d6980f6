/**
 * Which cached gateway reads a live event makes out of date. The live stream arrives after the indexer wrote the
 * change, so invalidating these keys refetches fresh rows for whatever is on screen (and only that: inactive
 * queries are just marked stale).
 */
import type { ActivityEvent } from './protocol.ts';

export function staleKeysFor(event: ActivityEvent): unknown[][] {
  const keys: unknown[][] = [];
  const people = [event.characterId, event.otherCharacterId].filter((id): id is string => Boolean(id));
  const perPerson = (key: string) => {
    for (const id of people) keys.push([key, id]);
  };
  switch (event.type) {
    case 'shop':
      keys.push(['shop']);
      perPerson('inventory');
      break;
    case 'bank':
    case 'inventory':
      perPerson('inventory');
      break;
    case 'grant':
    case 'admin':
      // the audit's "N new" count; the audit table itself stays put until the admin asks for the new rows
      keys.push(['admin-audit-newer']);
      perPerson('inventory');
      perPerson('viking');
      break;
    case 'clan':
      keys.push(['clans'], ['admin-audit-newer']);
      if (event.clanId) keys.push(['clan', event.clanId]);
      perPerson('viking');
      keys.push(['viking-data']);
      break;
    case 'battle':
      keys.push(['leaderboard'], ['elo-history'], ['arena'], ['battle']);
      perPerson('viking');
      perPerson('viking-battles');
      break;
    case 'mint':
    case 'vera':
      if (event.veraId) keys.push(['vera', event.veraId]);
      perPerson('viking');
      perPerson('inventory');
      break;
    case 'character':
    case 'role':
      perPerson('viking');
      keys.push(['viking-data'], ['admin-audit-newer'], ['admin-roles']);
      break;
  }
  return keys;
}

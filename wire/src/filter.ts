/**
 * A subscription's filter: which topics and, optionally, which vera, viking or clan. Normalised once so equal
 * requests share one key (and one socket.io room), and matched the same way in memory (live) and in SQL
 * (backlog) so both halves of a subscription select the same rows.
 */
import { isCursor, isId } from '@skald/game';
import { TOPICS, type Topic } from './protocol.ts';

export type Filter = {
  /** sorted, deduplicated; ['all'] when every type matches */
  topics: Topic[];
  vera?: string;
  viking?: string;
  clan?: string;
  /** no provisional events */
  confirmedOnly?: boolean;
};

/** The fields of an event the filter looks at (the wire event plus the second character of a row). */
export type Matchable = {
  type: string;
  characterId?: string;
  otherCharacterId?: string;
  veraId?: string;
  clanId?: string;
};

export type ParsedRequest = { filter: Filter; key: string; after?: string };

/** Validates an untrusted subscribe request; returns every problem at once. */
export function parseSubscribeRequest(input: unknown): ParsedRequest | { errors: string[] } {
  const errors: string[] = [];
  if (input === null || typeof input !== 'object') return { errors: ['request must be an object'] };
  const raw = input as Record<string, unknown>;
  const topics = raw.topics;
  if (!Array.isArray(topics) || topics.length === 0 || topics.length > TOPICS.length) {
    errors.push(`topics must be a non-empty array of ${TOPICS.join(', ')}`);
  } else {
    for (const t of topics) if (!TOPICS.includes(t as Topic)) errors.push(`unknown topic '${String(t)}'`);
  }
  for (const field of ['vera', 'viking', 'clan'] as const) {
    if (raw[field] !== undefined && !isId(raw[field])) errors.push(`${field} must be a decimal id`);
  }
  if (raw.after !== undefined && (typeof raw.after !== 'string' || !isCursor(raw.after))) {
    errors.push('after must be a cursor (20 digits, -, 6 digits)');
  }
  if (raw.confirmedOnly !== undefined && typeof raw.confirmedOnly !== 'boolean')
    errors.push('confirmedOnly must be a boolean');
  if (errors.length > 0) return { errors };
  const unique = [...new Set(topics as Topic[])].sort();
  const filter: Filter = { topics: unique.includes('all') ? ['all'] : unique };
  if (raw.vera !== undefined) filter.vera = raw.vera as string;
  if (raw.viking !== undefined) filter.viking = raw.viking as string;
  if (raw.clan !== undefined) filter.clan = raw.clan as string;
  if (raw.confirmedOnly === true) filter.confirmedOnly = true;
  return { filter, key: filterKey(filter), after: raw.after as string | undefined };
}

export function filterKey(filter: Filter): string {
  return [
    filter.topics.join(','),
    filter.vera ? `v${filter.vera}` : '',
    filter.viking ? `k${filter.viking}` : '',
    filter.clan ? `c${filter.clan}` : '',
    filter.confirmedOnly ? 'confirmed' : '',
  ].join('|');
}

export function matches(filter: Filter, event: Matchable): boolean {
  if (filter.topics[0] !== 'all' && !filter.topics.includes(event.type as Topic)) return false;
  if (filter.vera !== undefined && event.veraId !== filter.vera) return false;
  if (filter.clan !== undefined && event.clanId !== filter.clan) return false;
  if (
    filter.viking !== undefined &&
    event.characterId !== filter.viking &&
    event.otherCharacterId !== filter.viking
  ) {
    return false;
  }
  return true;
}

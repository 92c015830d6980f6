/**
 * What a target field accepts typed as it is, kept apart from the search component (target-search.tsx) so a
 * form parses targets without loading the search: the search is fetched only by forms that show a target field.
 */
import { isAddress, isId } from '@skald/game';
import type { TargetHit } from '@skald/wire/rest';

export type TargetType = TargetHit['type'];

/** Whether typed text is itself a usable target (an id, or an address for accounts). */
export function literalTarget(type: TargetType, text: string): string | undefined {
  const t = text.trim();
  if (type === 'account') return isAddress(t) ? t : undefined;
  return isId(t) && t !== '0' ? t : undefined;
}

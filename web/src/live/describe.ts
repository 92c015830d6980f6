/**
 * One readable line per activity event, for the home pulse and /live. The gateway writes the sentence on every
 * event it serves (`text`, from @skald/game's activity sentences), so the pages carry none of those rules; an
 * event without one (an older gateway) reads as its kind in words.
 */
import type { ActivityEvent } from './protocol.ts';

export function describeActivity(event: ActivityEvent): string {
  if (event.text) return event.text;
  const who = event.names?.character ?? event.names?.account ?? 'A viking';
  return `${who}: ${event.kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`;
}

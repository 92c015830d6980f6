/** One readable line per activity event, for the home pulse and /live. */
import { mintDetail, mintHeadline, mintPayload } from './mint.ts';
import type { ActivityEvent } from './protocol.ts';

const who = (event: ActivityEvent) => {
  const name = event.payload.name ?? event.payload.characterName ?? event.payload.ownerName;
  if (typeof name === 'string' && name) return name;
  return event.characterId ? `Viking #${event.characterId}` : 'Someone';
};

export function describeActivity(event: ActivityEvent): string {
  const mint = mintPayload(event);
  if (mint) return `${mintHeadline(mint)} (${mintDetail(mint)})`;
  const words = event.kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const subject = event.veraId ? ` · vera #${event.veraId}` : event.clanId ? ` · clan #${event.clanId}` : '';
  return `${who(event)}: ${words}${subject}`;
}

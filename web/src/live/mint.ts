/** How a mint reads in a toast and a feed: who, how strong (sum of public stats), and how it was minted. */
export { MINT_METHOD_LABELS, mintDetail, mintHeadline, ownerLabel } from '@skald/game';

import type { ActivityEvent, MintPayload } from './protocol.ts';

export function mintPayload(event: ActivityEvent): MintPayload | undefined {
  if (event.type !== 'mint') return undefined;
  const p = event.payload;
  const veraId = p.veraId ?? event.veraId ?? undefined;
  if (veraId === undefined || veraId === null || typeof p.statTotal !== 'number') return undefined;
  return {
    veraId: String(veraId),
    owner: String(p.owner ?? event.account ?? ''),
    ownerName: p.ownerName ?? '',
    method: (p.method ?? 'other') as MintPayload['method'],
    statTotal: p.statTotal,
    species: Number(p.species ?? 0),
    mainRune: Number(p.mainRune ?? 1),
    subRune: Number(p.subRune ?? 1),
  };
}

/** The note shown when a chain reorganisation (or a confirmation that never came) removes shown events. */
export function retractionNote(count: number): string {
  return `${count} event${count === 1 ? '' : 's'} removed by a chain reorganisation`;
}

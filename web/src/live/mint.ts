/** How a mint reads in a toast and a feed: who, how strong (sum of public stats), and how it was minted. */
import { abbreviateAddress, isAddress } from '@skald/game';
import type { ActivityEvent, MintPayload } from './protocol.ts';

export const MINT_METHOD_LABELS: Record<string, string> = {
  encounter: 'found in an encounter',
  openLootBox: 'opened from a lootbox',
  admin_grantVera: 'granted by an admin',
  other: 'minted',
};

export function mintPayload(event: ActivityEvent): MintPayload | undefined {
  if (event.type !== 'mint') return undefined;
  const p = event.payload as Partial<MintPayload>;
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

export function ownerLabel(mint: { owner: string; ownerName?: string | null }): string {
  if (mint.ownerName) return mint.ownerName;
  return isAddress(mint.owner) ? abbreviateAddress(mint.owner) : 'Someone';
}

export function mintHeadline(mint: MintPayload): string {
  return `${ownerLabel(mint)} minted Vera #${mint.veraId}`;
}

export function mintDetail(mint: MintPayload): string {
  return `Stat total ${mint.statTotal} · ${MINT_METHOD_LABELS[mint.method] ?? MINT_METHOD_LABELS.other}`;
}

/** The note shown when a chain reorganisation (or a confirmation that never came) removes shown events. */
export function retractionNote(count: number): string {
  return `${count} event${count === 1 ? '' : 's'} removed by a chain reorganisation`;
}

/**
 * What waits for the connected player: a battle that needs their moves, challenges sent to them, clan invitations,
 * and (for a clan's jarl or officers) requests to join it. Read from the gateway once, then kept current by the
 * live stream (LiveCache invalidates the arena, the viking's clan asks and the clan's asks on every event that
 * touches them): no polling. Nothing is read on the server or before hydration.
 */
import { ClanRank } from '@skald/game';
import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '@tanstack/react-router';
import {
  arenaQueryOptions,
  clanAsksQueryOptions,
  vikingClanAsksQueryOptions,
  vikingQueryOptions,
} from '../api/queries.ts';
import { useApi } from '../lib/hooks.ts';

export type WaitingItem =
  | { key: string; kind: 'battle'; text: string; battleId: string }
  | { key: string; kind: 'challenge'; text: string }
  | { key: string; kind: 'invite' | 'request'; text: string; clanId: string };

export function useWaiting(characterId: string | undefined): { items: WaitingItem[]; loaded: boolean } {
  const api = useApi();
  const hydrated = useHydrated();
  const enabled = hydrated && characterId !== undefined && characterId !== '0';
  const id = characterId ?? '0';
  const arena = useQuery({ ...arenaQueryOptions(api, id), enabled });
  const asks = useQuery({ ...vikingClanAsksQueryOptions(api, id), enabled });
  const profile = useQuery({ ...vikingQueryOptions(api, id), enabled });
  const clan = profile.data?.clan;
  const leads = clan !== null && clan !== undefined && clan.rank >= ClanRank.officer;
  const clanAsks = useQuery({ ...clanAsksQueryOptions(api, clan?.id ?? '0'), enabled: enabled && leads });

  const items: WaitingItem[] = [];
  const me = arena.data?.me;
  if (me?.activeBattle && !me.activeBattle.submitted) {
    const battleId = me.activeBattle.battleId;
    items.push({
      key: `battle-${battleId}`,
      kind: 'battle',
      text: `Battle #${battleId} waits for your moves`,
      battleId,
    });
  }
  for (const c of me?.challenges.incoming ?? []) {
    const who = c.other.name || `viking #${c.other.characterId}`;
    items.push({
      key: `challenge-${c.challengeId}`,
      kind: 'challenge',
      text: `${who} challenged you to a ${c.battleTypeName.toLowerCase()} battle`,
    });
  }
  for (const a of asks.data?.items ?? []) {
    if (a.kind !== 'invite') continue;
    items.push({
      key: `invite-${a.clanId}`,
      kind: 'invite',
      text: `Invitation to [${a.tag}] ${a.name}`,
      clanId: a.clanId,
    });
  }
  if (leads && clan) {
    for (const a of clanAsks.data?.items ?? []) {
      if (a.kind !== 'request') continue;
      items.push({
        key: `request-${clan.id}-${a.characterId}`,
        kind: 'request',
        text: `${a.name || `viking #${a.characterId}`} asks to join [${clan.tag}] ${clan.name}`,
        clanId: clan.id,
      });
    }
  }
  return { items, loaded: enabled && arena.isSuccess && asks.isSuccess };
}

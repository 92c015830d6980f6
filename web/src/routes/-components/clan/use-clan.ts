import { ClanRank, ClanStatus } from '@skald/game';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Api } from '../../../api/client.ts';
import {
  clanAsksQueryOptions,
  clanQueryOptions,
  vikingClanAsksQueryOptions,
  vikingQueryOptions,
} from '../../../api/queries.ts';
import { call, type WriteArgs, type WriteFunction } from '../../../lib/contracts.ts';
import { useAppConfig, usePlayer } from '../../../lib/hooks.ts';
import { refreshLive } from '../../../live/refresh.ts';
import { useLiveView } from '../../../live/use-live-view.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';

/**
 * One clan as the player sees it: the clan (followed live), the player's place in it or their ask to join, the
 * asks an officer answers, and the clan transactions (`act` marks the page busy while one is sent).
 */
export function useClan(api: Api, id: string) {
  const config = useAppConfig();
  const player = usePlayer();
  const transact = useTransactor();
  const { data } = useSuspenseQuery(clanQueryOptions(api, id));
  const clan = data.clan;
  // the clan follows the stream from the cursor it was read at: its events after that read refetch it
  const queryClient = useQueryClient();
  useLiveView({
    request: { topics: ['all'], clan: id, confirmedOnly: true },
    from: data.asOf,
    keep: 0,
    onLive: () => {
      if (data.asOf == null) void queryClient.invalidateQueries({ queryKey: ['clan', id] });
    },
    onConfirmed: () => refreshLive(queryClient, ['clan', id]),
    onRetracted: () => refreshLive(queryClient, ['clan', id]),
  });
  const me = data.members.find((m) => m.characterId === player.characterId);
  const myAsks = useQuery({
    ...vikingClanAsksQueryOptions(api, player.characterId ?? '0'),
    enabled: player.characterId !== undefined,
  });
  const myAsk = myAsks.data?.items.find((a) => a.clanId === id);
  const inAnotherClan = useQuery({
    ...vikingQueryOptions(api, player.characterId ?? '0'),
    enabled: player.characterId !== undefined && !me,
  }).data?.clan;
  const canInvite = me !== undefined && me.rank >= ClanRank.officer;
  const asks = useQuery({ ...clanAsksQueryOptions(api, id), enabled: canInvite });
  const requests = (asks.data?.items ?? []).filter((a) => a.kind === 'request');
  const invites = (asks.data?.items ?? []).filter((a) => a.kind === 'invite');
  const invalidate = [['clan', id], ['clans'], ['viking', player.characterId ?? '0']];
  const [busy, setBusy] = useState(false);
  const act = async <F extends WriteFunction<'Clans'>>(label: string, fn: F, args: WriteArgs<'Clans', F>) => {
    setBusy(true);
    await transact(label, call(config, 'Clans', fn, args), { invalidate });
    setBusy(false);
  };
  const canAsk =
    player.characterId !== undefined && !me && !myAsk && !inAnotherClan && clan.status === ClanStatus.active;
  const kick = (characterId: string) =>
    void transact(
      'Kicking a member',
      call(config, 'Clans', 'kickClanMember', [BigInt(id), BigInt(characterId)]),
      { invalidate },
    );
  const leave = () =>
    void transact('Leaving the clan', call(config, 'Clans', 'leaveClan', []), { invalidate });
  return {
    data,
    clan,
    me,
    myAsk,
    inAnotherClan,
    canInvite,
    asks,
    requests,
    invites,
    busy,
    act,
    canAsk,
    kick,
    leave,
  };
}

export type ClanState = ReturnType<typeof useClan>;

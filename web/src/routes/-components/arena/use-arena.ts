import { MAX_ARSENAL_VERAS } from '@skald/game';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { arenaQueryOptions, vikingQueryOptions } from '../../../api/queries.ts';
import { call } from '../../../lib/contracts.ts';
import { useApi, useAppConfig } from '../../../lib/hooks.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';

/**
 * The arena's reads (queues and the player's state, followed live; the player's veras), the arsenal being picked,
 * the chosen battle type, and the transactions that enter or leave a queue and send or answer a challenge.
 */
export function useArena(characterId: string) {
  const api = useApi();
  const config = useAppConfig();
  const transact = useTransactor();
  const navigate = useNavigate();
  // live events refresh it; the interval only covers a dropped stream
  const arena = useQuery({ ...arenaQueryOptions(api, characterId), refetchInterval: 5000 });
  const profile = useQuery(vikingQueryOptions(api, characterId));
  const [picked, setPicked] = useState<string[]>([]);
  const [battleType, setBattleType] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const me = arena.data?.me;
  const open = (arena.data?.types ?? []).filter((t) => t.enabled);
  const chosenType = battleType ?? open[0]?.battleType;
  const veras = profile.data?.veras.items ?? [];

  // matched while waiting here (the opponent's transaction): go to the battle
  const seenBattle = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!me) return;
    if (seenBattle.current === null && me.activeBattleId) {
      void navigate({ to: '/battle/$id', params: { id: me.activeBattleId } });
    }
    seenBattle.current = me.activeBattleId;
  }, [me, navigate]);

  const toggle = (id: string) =>
    setPicked((old) =>
      old.includes(id) ? old.filter((v) => v !== id) : old.length >= MAX_ARSENAL_VERAS ? old : [...old, id],
    );

  const enter = async () => {
    if (chosenType === undefined || picked.length === 0) return;
    setBusy(true);
    const result = await transact(
      'Entering the queue',
      call(config, 'Battles', 'enterQueue', [BigInt(characterId), chosenType, picked.map((v) => BigInt(v))]),
      { invalidate: [['arena']] },
    );
    setBusy(false);
    // matched at once or not, the arena read moves on (to the battle page) once the gateway has it
    if (result.ok) void arena.refetch();
  };

  const challenge = async (opponent: string, name: string) => {
    if (chosenType === undefined || picked.length === 0) return;
    setBusy(true);
    await transact(
      `Challenging ${name}`,
      call(config, 'Battles', 'challengeFriend', [
        BigInt(opponent),
        chosenType,
        picked.map((v) => BigInt(v)),
      ]),
      { invalidate: [['arena']] },
    );
    setBusy(false);
  };

  const answer = async (challengeId: string, accept: boolean, label: string) => {
    setBusy(true);
    const result = await transact(
      label,
      accept
        ? call(config, 'Battles', 'acceptChallenge', [BigInt(challengeId), picked.map((v) => BigInt(v))])
        : call(config, 'Battles', 'declineChallenge', [BigInt(challengeId)]),
      { invalidate: [['arena']] },
    );
    setBusy(false);
    if (result.ok) void arena.refetch();
  };

  const challenges = me?.challenges ?? { incoming: [], outgoing: [] };

  const leave = async (type: number) => {
    setBusy(true);
    await transact('Leaving the queue', call(config, 'Battles', 'leaveQueue', [type]), {
      invalidate: [['arena']],
    });
    setBusy(false);
  };

  return {
    arena,
    profile,
    me,
    open,
    chosenType,
    setBattleType,
    veras,
    picked,
    toggle,
    busy,
    challenges,
    enter,
    challenge,
    answer,
    leave,
  };
}

export type ArenaState = ReturnType<typeof useArena>;

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { vikingDataQueryOptions, vikingQueryOptions } from '../../../api/queries.ts';
import { useApi, usePlayer } from '../../../lib/hooks.ts';
import type { Step } from './steps.tsx';

/**
 * Where the wallet is in onboarding, from the gateway's records and what this page has already done (so it moves
 * on before the indexer has caught up, and resumes at the right step after a reload).
 */
export function useOnboarding() {
  const api = useApi();
  const player = usePlayer();
  const queryClient = useQueryClient();
  // what this page has already done, so it moves on before the indexer has caught up
  const [created, setCreated] = useState<string | undefined>(undefined);
  const [loggedIn, setLoggedIn] = useState(false);
  const [firstVera, setFirstVera] = useState<string | undefined>(undefined);
  const characterId = player.characterId ?? created;
  // read once the gateway names the viking (the player record), so the page never asks for one it lacks
  const profile = useQuery({
    ...vikingQueryOptions(api, player.characterId ?? '0'),
    enabled: player.characterId !== undefined,
    // poll while the indexer has not yet caught up with this page's own transactions
    refetchInterval: (query) => {
      const data = query.state.data;
      if (loggedIn && data?.state === 0) return 1000;
      if (firstVera && data && data.veras.total === 0) return 1000;
      return false;
    },
  });
  // the header's Me button and the welcome toast read the player record: refresh it until it names the viking
  useQuery({
    ...vikingDataQueryOptions(api, player.address ?? '0x'),
    enabled: Boolean(player.address && created && !player.characterId),
    refetchInterval: 1000,
  });

  let step: Step;
  if (player.status !== 'connected' || !player.address) step = 'connect';
  else if (!characterId) step = 'create';
  else if (!profile.data && !created) step = 'loading';
  else if (!loggedIn && profile.data?.state !== 1) step = 'login';
  else if (!firstVera && (profile.data?.veras.total ?? 0) === 0) step = 'starter';
  else step = 'done';

  const onCreated = (id: string) => {
    setCreated(id);
    void queryClient.invalidateQueries({ queryKey: ['viking-data'] });
  };

  return { step, profile, characterId, firstVera, onCreated, setLoggedIn, setFirstVera };
}

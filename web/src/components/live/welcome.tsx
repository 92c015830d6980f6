/**
 * On connect (and whenever the address changes) the player record is fetched; success greets the player
 * bottom-right, failure is only logged (spec section 7).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useConnection } from 'wagmi';
import { vikingDataQueryOptions } from '../../api/queries.ts';
import { useApi } from '../../lib/hooks.ts';

export function WelcomeToast() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { address, status } = useConnection();
  const greeted = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (status !== 'connected' || !address || greeted.current === address) return;
    greeted.current = address;
    queryClient
      .fetchQuery(vikingDataQueryOptions(api, address))
      .then((viking) => {
        if (viking.name) toast.success(`Welcome ${viking.name}!`, { position: 'bottom-right' });
      })
      .catch((error: unknown) => console.warn('Error fetching user data', error));
  }, [address, status, api, queryClient]);

  useEffect(() => {
    if (status === 'disconnected') greeted.current = undefined;
  }, [status]);

  return null;
}

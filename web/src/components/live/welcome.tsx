/**
 * On connect (and whenever the address changes) the player record is fetched; success greets the player
 * bottom-right, failure is only logged (spec section 7). The record is a shared query, so a wallet that creates
 * its viking after connecting is greeted as soon as the record names it, without a reload.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useConnection } from 'wagmi';
import { vikingDataQueryOptions } from '../../api/queries.ts';
import { useApi } from '../../lib/hooks.ts';

export function WelcomeToast() {
  const api = useApi();
  const { address, status } = useConnection();
  const greeted = useRef<string | undefined>(undefined);
  const record = useQuery({
    ...vikingDataQueryOptions(api, address ?? '0x'),
    enabled: status === 'connected' && address !== undefined,
  });
  const name = address ? record.data?.name : undefined;

  useEffect(() => {
    if (status !== 'connected' || !address || !name || greeted.current === address) return;
    greeted.current = address;
    toast.success(`Welcome ${name}!`, { position: 'bottom-right' });
  }, [address, status, name]);

  useEffect(() => {
    if (record.error) console.warn('Error fetching user data', record.error);
  }, [record.error]);

  useEffect(() => {
    if (status === 'disconnected') greeted.current = undefined;
  }, [status]);

  return null;
}

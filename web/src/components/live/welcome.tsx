/**
 * On connect (and whenever the address changes) the player record is fetched; success greets the player
 * bottom-right, failure is only logged (spec section 7). The record is a shared query, so a wallet that creates
 * its viking after connecting is greeted as soon as the record names it, without a reload. The greeting is once
 * per connection: a full page load that reconnects the same wallet does not repeat it (remembered in
 * localStorage until the wallet disconnects).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { vikingDataQueryOptions } from '../../api/queries.ts';
import { useApi } from '../../lib/hooks.ts';
import { useWalletConnection } from '../../wallet/wallet-layer.tsx';

const GREETED_KEY = 'skald.welcomed';

function readGreeted(): string | undefined {
  try {
    return localStorage.getItem(GREETED_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeGreeted(address: string | undefined): void {
  try {
    if (address) localStorage.setItem(GREETED_KEY, address);
    else localStorage.removeItem(GREETED_KEY);
  } catch {
    // storage disabled: the greeting may repeat on the next page load
  }
}

export function WelcomeToast() {
  const api = useApi();
  const { address, status } = useWalletConnection();
  const previous = useRef(status);
  const record = useQuery({
    ...vikingDataQueryOptions(api, address ?? '0x'),
    enabled: status === 'connected' && address !== undefined,
  });
  const name = address ? record.data?.name : undefined;

  useEffect(() => {
    // an actual disconnect (not the first render of a page) ends the connection: greet again next time
    if (status === 'disconnected' && previous.current === 'connected') writeGreeted(undefined);
    previous.current = status;
  }, [status]);

  useEffect(() => {
    if (status !== 'connected' || !address || !name) return;
    const key = address.toLowerCase();
    if (readGreeted() === key) return;
    writeGreeted(key);
    toast.success(`Welcome ${name}!`, { position: 'bottom-right' });
  }, [address, status, name]);

  useEffect(() => {
    if (record.error) console.warn('Error fetching user data', record.error);
  }, [record.error]);

  return null;
}

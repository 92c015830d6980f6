/**
 * The address the wagmi cookie says was connected. Server and first client render both show it (never wagmi's
 * live state, which settles differently on each side), so the header hydrates without a mismatch; after
 * hydration the live connection takes over.
 */
import { useHydrated } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext } from 'react';
import { useConnection } from 'wagmi';

const InitialAddress = createContext<string | undefined>(undefined);

export function InitialAddressProvider(props: { address: string | undefined; children: ReactNode }) {
  return <InitialAddress.Provider value={props.address}>{props.children}</InitialAddress.Provider>;
}

/** The wallet address and status to render: the cookie's until hydrated, then wagmi's. */
export function useWalletConnection(): { address: string | undefined; status: string } {
  const hydrated = useHydrated();
  const initial = useContext(InitialAddress);
  const live = useConnection();
  if (!hydrated) return { address: initial, status: initial ? 'reconnecting' : 'disconnected' };
  return { address: live.address, status: live.status };
}

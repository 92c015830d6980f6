/** Wallet state for the whole tree, seeded from the wagmi cookie so server and first client render agree. */
import type { ReactNode } from 'react';
import { cookieToInitialState, WagmiProvider } from 'wagmi';
import type { WagmiConfig } from './wallet/config.ts';
import { InitialAddressProvider } from './wallet/initial-address.tsx';

export function AppProviders(props: { wagmiConfig: WagmiConfig; cookie?: string; children: ReactNode }) {
  const initialState = cookieToInitialState(props.wagmiConfig, props.cookie);
  const current = initialState?.current ? initialState.connections.get(initialState.current) : undefined;
  return (
    <WagmiProvider config={props.wagmiConfig} initialState={initialState} reconnectOnMount>
      <InitialAddressProvider address={current?.accounts[0]}>{props.children}</InitialAddressProvider>
    </WagmiProvider>
  );
}

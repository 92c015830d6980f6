/**
 * The wallet layer: wagmi's config (viem's transport, the injected connector, cookie storage) and the few wallet
 * actions the app takes. Fetched once the page is idle (or on the first wallet action, if sooner) by
 * wallet-layer.tsx, so wagmi and viem are not in any page's first load. Nothing here renders before it is loaded:
 * until then the app shows the connection the wagmi cookie names.
 */
import { cookieToInitialState, Hydrate } from 'wagmi';
import {
  connect,
  disconnect,
  type GetConnectionReturnType,
  getConnection,
  signMessage,
  switchChain,
  watchConnection,
} from 'wagmi/actions';
import type { AppConfig } from '../boot.ts';
import { createWagmiConfig } from './config.ts';

/** What the app renders from the wallet: the connected address, wagmi's connection status and the chain. */
export type WalletConnection = { address: string | undefined; status: string; chainId: number | undefined };

function snapshot(connection: GetConnectionReturnType): WalletConnection {
  return { address: connection.address, status: connection.status, chainId: connection.chainId };
}

/** One per router (per tab in the browser): the config and the actions bound to it. */
export function createWalletLayer(appConfig: AppConfig, cookie: string | undefined) {
  const config = createWagmiConfig(appConfig);
  const initialState = cookieToInitialState(config, cookie);
  return {
    config,
    initialState,
    connection: (): WalletConnection => snapshot(getConnection(config)),
    /** calls `onChange` on every change of address, status or chain; returns the unsubscribe */
    watch: (onChange: (connection: WalletConnection) => void) =>
      watchConnection(config, { onChange: (connection) => onChange(snapshot(connection)) }),
    connect: async () => {
      const connector = config.connectors[0];
      if (!connector) throw Object.assign(new Error('No wallet found'), { name: 'ProviderNotFoundError' });
      await connect(config, { connector });
    },
    disconnect: () => disconnect(config),
    switchChain: (chainId: number) => switchChain(config, { chainId }),
    signMessage: (message: string) => signMessage(config, { message }),
  };
}

export type WalletLayer = ReturnType<typeof createWalletLayer>;

/** Restores the saved connection and reconnects (wagmi's own hydration), once the layer is mounted. */
export function WalletRuntime({ layer }: { layer: WalletLayer }) {
  return <Hydrate config={layer.config} initialState={layer.initialState} reconnectOnMount />;
}

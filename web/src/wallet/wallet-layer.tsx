/**
 * The boundary between the page and the wallet layer (wagmi and viem, wallet/wagmi-layer.tsx), which is fetched
 * once the page is idle rather than with the page's first load. Until it has arrived, and on the server, the app
 * renders the connection the wagmi cookie names ('reconnecting' with that address, or 'disconnected'), so the
 * server's HTML, the hydrating render and the first frames after agree; then wagmi's live connection takes over.
 * No component calls a wagmi hook: wallet actions go through the layer, which `load()` fetches at once when an
 * action comes before the page was idle.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AppConfig } from '../boot.ts';
import { whenIdle } from '../lib/idle.ts';
import { cookieAddress } from './cookie.ts';
import type { WalletConnection, WalletLayer, WalletRuntime } from './wagmi-layer.tsx';

export type { WalletConnection, WalletLayer };

export type Wallet = {
  /** the loaded layer: undefined on the server, while hydrating and until the page has been idle */
  layer: WalletLayer | undefined;
  /** the connection to render (the cookie's until the layer has loaded) */
  connection: WalletConnection;
  /** the game's chain: the one chain the wallet layer is configured with */
  gameChainId: number;
  /** the layer, fetched now if it has not arrived yet */
  load(): Promise<WalletLayer>;
};

const WalletContext = createContext<Wallet | undefined>(undefined);

type Loaded = { layer: WalletLayer; Runtime: typeof WalletRuntime };

export function WalletLayerProvider(props: {
  config: AppConfig;
  cookie: string | undefined;
  children: ReactNode;
}) {
  const { config, cookie } = props;
  const [initialAddress] = useState(() => cookieAddress(cookie));
  const [loaded, setLoaded] = useState<Loaded>();
  const [live, setLive] = useState<WalletConnection>();
  const pending = useRef<Promise<WalletLayer> | undefined>(undefined);

  const load = useCallback(() => {
    if (!pending.current) {
      const loading = import('./wagmi-layer.tsx').then((module) => {
        const layer = module.createWalletLayer(config, cookie);
        setLoaded({ layer, Runtime: module.WalletRuntime });
        return layer;
      });
      // a fetch that failed (offline, a deploy in between) is tried again by the next wallet action
      loading.catch(() => {
        if (pending.current === loading) pending.current = undefined;
      });
      pending.current = loading;
    }
    return pending.current;
  }, [config, cookie]);

  useEffect(
    () =>
      whenIdle(() => {
        load().catch((error: unknown) => console.warn('The wallet layer could not be loaded', error));
      }),
    [load],
  );

  useEffect(() => {
    if (!loaded) return;
    setLive(loaded.layer.connection());
    return loaded.layer.watch(setLive);
  }, [loaded]);

  const value = useMemo<Wallet>(
    () => ({
      layer: loaded?.layer,
      connection:
        loaded && live
          ? live
          : {
              address: initialAddress,
              status: initialAddress ? 'reconnecting' : 'disconnected',
              chainId: undefined,
            },
      gameChainId: config.chainId,
      load,
    }),
    [loaded, live, initialAddress, config.chainId, load],
  );

  return (
    <WalletContext.Provider value={value}>
      {props.children}
      {loaded ? <loaded.Runtime layer={loaded.layer} /> : null}
    </WalletContext.Provider>
  );
}

export function useWallet(): Wallet {
  const wallet = useContext(WalletContext);
  if (!wallet)
    throw new Error('useWallet: no WalletLayerProvider above (the router wraps every page in one)');
  return wallet;
}

/** The wallet address and status to render: the cookie's until the wallet layer has loaded, then wagmi's. */
export function useWalletConnection(): WalletConnection {
  return useWallet().connection;
}

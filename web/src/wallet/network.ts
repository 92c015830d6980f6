/**
 * The game runs on one chain (spec sections 4, 7, 9). A wallet connected on any other chain is asked to switch
 * (wallet_switchEthereumChain, then wallet_addEthereumChain with the chain definition when the wallet does not know
 * it — wagmi's injected connector does both); until it has, the header shows the wrong-network state and every
 * game action is disabled.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { describeWalletError } from './errors.ts';
import { useWallet } from './wallet-layer.tsx';

/** What the wallet is connected to, as far as game actions care. */
export type NetworkState = 'disconnected' | 'wrong-network' | 'ready';

export function networkState(options: {
  status: string;
  address: string | undefined;
  chainId: number | undefined;
  gameChainId: number;
}): NetworkState {
  if (options.status !== 'connected' || !options.address) return 'disconnected';
  return options.chainId === options.gameChainId ? 'ready' : 'wrong-network';
}

export function useGameChainId(): number {
  return useWallet().gameChainId;
}

/**
 * The connected wallet's network state: 'ready' only when connected on the game's chain. The server, the first
 * client render and every render before the wallet layer has loaded say 'disconnected' (nothing is known of the
 * wallet's chain until then).
 */
export function useNetworkState(): NetworkState {
  const { connection, gameChainId, layer } = useWallet();
  if (!layer) return 'disconnected';
  return networkState({ ...connection, gameChainId });
}

/** True when a game action may be sent: connected, and on the game's chain. */
export function useCanTransact(): boolean {
  return useNetworkState() === 'ready';
}

/** Asks the wallet to move to the game's chain; a refusal shows the spec's message. */
export function useSwitchToGameChain() {
  const { gameChainId, load } = useWallet();
  const [pending, setPending] = useState(false);
  const switchNow = useCallback(() => {
    setPending(true);
    load()
      .then((layer) => layer.switchChain(gameChainId))
      .catch((error: unknown) => toast.error(describeWalletError(error, 'switch'), { id: 'switch-chain' }))
      .finally(() => setPending(false));
  }, [load, gameChainId]);
  return { switchNow, pending };
}

/**
 * Asks once per connection (and per wrong chain) as soon as a wallet is seen on another chain: on connect, on
 * reconnect at page load, and when the player moves the wallet off the game's chain.
 */
export function useAskForGameChain() {
  const state = useNetworkState();
  const { address, chainId } = useWallet().connection;
  const { switchNow } = useSwitchToGameChain();
  const asked = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (state !== 'wrong-network') {
      if (state === 'disconnected') asked.current = undefined;
      return;
    }
    const key = `${address}:${chainId}`;
    if (asked.current === key) return;
    asked.current = key;
    switchNow();
  }, [state, address, chainId, switchNow]);
}

export const WRONG_NETWORK_MESSAGE =
  'Your wallet is on another network: switch it to the game’s network first.';

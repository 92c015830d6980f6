import { useEffect } from 'react';
import { useWallet } from '../../wallet/wallet-layer.tsx';

/**
 * Marks the document once React has hydrated it and both deferred layers are in (this one is rendered by the
 * live layer; it waits for the wallet layer), so automation (and CSS) can tell a live page from HTML.
 */
export function HydratedMarker() {
  const walletReady = useWallet().layer !== undefined;
  useEffect(() => {
    if (walletReady) document.documentElement.dataset.hydrated = 'true';
  }, [walletReady]);
  return null;
}

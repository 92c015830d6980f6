/**
 * The live layer: the socket's subscriptions that keep the query cache current, the toasts and banners the
 * stream drives, the new-deploy watch. Fetched once the page is idle (routes/__root.tsx), so none of it, nor
 * the socket.io client its subscriptions fetch, is in a page's first load.
 */
import { DelayBanner } from './delay-banner.tsx';
import { HydratedMarker } from './hydrated-marker.tsx';
import { LiveCache } from './live-cache.tsx';
import { MintToasts } from './mint-toasts.tsx';
import { MyMomentToasts } from './my-moment-toasts.tsx';
import { ToastClearance } from './toast-clearance.tsx';
import { VersionWatcher } from './version-watcher.tsx';
import { WelcomeToast } from './welcome.tsx';

export function LiveLayer() {
  return (
    <>
      <MintToasts />
      <MyMomentToasts />
      <ToastClearance />
      <LiveCache />
      <WelcomeToast />
      <VersionWatcher />
      <DelayBanner />
      <HydratedMarker />
    </>
  );
}

import { createRootRouteWithContext, Outlet, Scripts } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { AfterIdle } from '../components/after-idle.tsx';
import { NotFoundPage } from '../components/errors/not-found-page.tsx';
import { PageHead } from '../components/errors/page-head.tsx';
import { Header } from '../components/header/header.tsx';
import { DelayBanner } from '../components/live/delay-banner.tsx';
import { HydratedMarker } from '../components/live/hydrated-marker.tsx';
import { LiveCache } from '../components/live/live-cache.tsx';
import { MintToasts } from '../components/live/mint-toasts.tsx';
import { MyMomentToasts } from '../components/live/my-moment-toasts.tsx';
import { ToastClearance } from '../components/live/toast-clearance.tsx';
import { VersionWatcher } from '../components/live/version-watcher.tsx';
import { WelcomeToast } from '../components/live/welcome.tsx';
import type { RouterContext } from '../router-context.ts';
import '../styles.css';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#0d1117' },
      { title: 'Skald' },
      {
        name: 'description',
        content:
          'Skald, the Norse on-chain battle game: vikings, veras, clans and battles, live from the chain.',
      },
    ],
    links: [{ rel: 'icon', href: '/art/hammer.svg', type: 'image/svg+xml' }],
  }),
  component: RootDocument,
  notFoundComponent: NotFoundPage,
});

/** Spec section 9 toast settings, spelled out even where they equal sonner's defaults. */
const TOASTER = {
  position: 'bottom-right',
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
} as const;
const HOTKEY = ['altKey', 'KeyT'];

function RootDocument() {
  return (
    <html lang="en">
      <head>
        <PageHead />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header />
        <main id="main">
          <Outlet />
        </main>
        <Toaster {...TOASTER} hotkey={HOTKEY} theme="dark" closeButton richColors />
        <AfterIdle>
          <MintToasts />
          <MyMomentToasts />
          <ToastClearance />
          <LiveCache />
          <WelcomeToast />
          <VersionWatcher />
          <DelayBanner />
          <HydratedMarker />
        </AfterIdle>
        <Scripts />
      </body>
    </html>
  );
}

import { createRootRouteWithContext, Outlet, Scripts } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense } from 'react';
import { Toaster } from 'sonner';
import { AfterIdle } from '../components/after-idle.tsx';
import { NotFoundPage } from '../components/errors/not-found-page.tsx';
import { PageHead } from '../components/errors/page-head.tsx';
import { Header } from '../components/header/header.tsx';
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

/** The live layer (components/live/live-layer.tsx), fetched once the page is idle: not in the first load. */
const LiveLayer = lazy<ComponentType>(() =>
  import('../components/live/live-layer.tsx').then(
    (module) => ({ default: module.LiveLayer }),
    (error: unknown) => {
      // the page keeps working without live updates; the next navigation's full load tries again
      console.warn('The live layer could not be loaded', error);
      return { default: () => null };
    },
  ),
);

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
          <Suspense fallback={null}>
            <LiveLayer />
          </Suspense>
        </AfterIdle>
        <Scripts />
      </body>
    </html>
  );
}

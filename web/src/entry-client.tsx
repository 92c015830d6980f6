/** Browser entry: one router for the tab, hydrating the server's HTML (the whole document). */
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { dropAllLive } from './live/live-client.ts';
import { readBoot } from './read-boot.ts';
import { createAppRouter } from './router.tsx';

const boot = readBoot();
const router = createAppRouter({ config: boot.config, session: boot.session, cookie: document.cookie });

// lets operators and browser tests cut every live connection the way a network failure would
(window as unknown as { __skaldLive: { drop: () => number } }).__skaldLive = { drop: dropAllLive };

// a transition: React hydrates in slices that yield to the browser (no long task of the whole page on a phone)
startTransition(() => {
  hydrateRoot(document, <RouterClient router={router} />);
});

/** Browser entry: one router for the tab, hydrating the server's HTML (the whole document). */
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { yieldToMain } from './lib/yield.ts';
import { dropAllLive } from './live/live-client.ts';
import { readBoot } from './read-boot.ts';
import { createAppRouter } from './router.tsx';

// lets operators and browser tests cut every live connection the way a network failure would
(window as unknown as { __skaldLive: { drop: () => number } }).__skaldLive = { drop: dropAllLive };

// Evaluating the modules, building the router and hydrating each take a slice of a phone's main thread: separate
// tasks, so a tap in between is answered and no single task blocks for long.
// (no top-level await: it would make the bundler load every route's chunk with the entry)
async function start() {
  await yieldToMain();
  const boot = readBoot();
  const router = createAppRouter({ config: boot.config, session: boot.session, cookie: document.cookie });
  await yieldToMain();
  // a transition: React hydrates in slices that yield to the browser (no long task of the whole page on a phone)
  startTransition(() => {
    hydrateRoot(document, <RouterClient router={router} />);
  });
}

void start();

import { type ReactNode, useEffect, useState } from 'react';
import { whenIdle } from '../lib/idle.ts';

/**
 * Renders its children in the browser only, once hydration is over and the main thread is idle (at most a
 * second later): the page's own hydration and this work (live socket, subscriptions, toasts) are separate
 * tasks, so neither holds a phone's main thread for long. On the server and while hydrating: nothing.
 */
export function AfterIdle({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready ? children : null;
}

/**
 * Wall time in ms, ticking every second once mounted. The first render (server and hydration alike) uses
 * `firstMs`, so both agree.
 */
import { useEffect, useState } from 'react';

export function useNow(firstMs: number): number {
  const [now, setNow] = useState(firstMs);
  useEffect(() => {
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(tick);
  }, []);
  return now;
}

/**
 * Wall time in ms, ticking every `everyMs` (default a second) once mounted. The first render (server and hydration alike) uses
 * `firstMs`, so both agree.
 */
import { useEffect, useState } from 'react';

export function useNow(firstMs: number, everyMs = 1_000): number {
  const [now, setNow] = useState(firstMs);
  useEffect(() => {
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(tick);
  }, [everyMs]);
  return now;
}

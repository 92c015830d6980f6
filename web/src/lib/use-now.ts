import { useEffect, useState } from 'react';

/** The wall clock in unix seconds, re-rendering every `everyMs` so time-gated buttons turn on by themselves. */
export function useNowSeconds(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() / 1000), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

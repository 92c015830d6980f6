import { useClockText } from '../lib/clock.ts';
import { relativeTime } from '../lib/format.ts';

/**
 * "12s ago", ticking with the tab's clock (lib/clock.ts: only this text re-renders, and only when it changes).
 * The server and the browser read the clock at different moments, so the text may differ by a few seconds at
 * hydration; that difference is expected and must not make React throw the server's HTML away.
 */
export function RelativeTime({ at }: { at: number }) {
  const text = useClockText((now) => relativeTime(at, now));
  return (
    <span className="muted" suppressHydrationWarning>
      {text}
    </span>
  );
}

import { relativeTime } from '../lib/format.ts';

/**
 * "12s ago": the server and the browser read the clock at different moments, so the text may differ by a few
 * seconds at hydration; that difference is expected and must not make React throw the server's HTML away.
 */
export function RelativeTime({ at, now }: { at: number; now?: number }) {
  return (
    <span className="muted" suppressHydrationWarning>
      {relativeTime(at, now)}
    </span>
  );
}

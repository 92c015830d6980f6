/**
 * One /live row: the event's type, its age, its sentence, and "pending" until confirmed. The sentence links to
 * what it names: the vera of a mint or vera event, the battle, the clan, else the acting viking.
 */
import { Link } from '@tanstack/react-router';
import { memo, type ReactNode } from 'react';
import { useClockText } from '../../lib/clock.ts';
import { relativeTime, utcDate } from '../../lib/format.ts';
import { describeActivity } from '../../live/describe.ts';
import type { ActivityEvent } from '../../live/protocol.ts';

/**
 * `bottom`: the row's offset from the list's bottom, which stays the same while newer rows arrive above it, so a
 * row that did not change is not rendered again. `firstNow`: the moment its age is counted from in the first
 * render (the server's and hydration's), after that the tab's clock.
 */
export const LiveRow = memo(function LiveRow({
  event,
  bottom,
  firstNow,
}: {
  event: ActivityEvent;
  bottom: number;
  firstNow: number;
}) {
  const sentence = describeActivity(event);
  return (
    <li
      className="live-row"
      data-cursor={event.cursor}
      data-type={event.type}
      data-kind={event.kind}
      data-provisional={event.provisional ? 'true' : undefined}
      style={{ bottom }}
    >
      <span className="pill">{event.type}</span>
      <time
        className="muted live-time"
        dateTime={new Date(event.timestamp * 1000).toISOString()}
        title={utcDate(event.timestamp)}
      >
        <Age at={event.timestamp} firstNow={firstNow} />
      </time>
      <span className="live-sentence" title={sentence}>
        <RowLink event={event}>{sentence}</RowLink>
      </span>
      {event.provisional ? (
        <span className="muted live-pending" title="Seen on the chain; the index has not confirmed it yet">
          pending
        </span>
      ) : null}
    </li>
  );
});

/** The row's age, ticking by itself (only this text re-renders, when it changes). */
function Age({ at, firstNow }: { at: number; firstNow: number }) {
  return useClockText((now) => relativeTime(at, now), firstNow);
}

function RowLink({ event, children }: { event: ActivityEvent; children: ReactNode }) {
  if (event.veraId && (event.type === 'mint' || event.type === 'vera'))
    return (
      <Link to="/vera/$id" params={{ id: event.veraId }}>
        {children}
      </Link>
    );
  if (event.battleId)
    return (
      <Link to="/battle/$id" params={{ id: event.battleId }}>
        {children}
      </Link>
    );
  if (event.clanId)
    return (
      <Link to="/clans/$id" params={{ id: event.clanId }}>
        {children}
      </Link>
    );
  if (event.characterId && event.characterId !== '0')
    return (
      <Link to="/viking/$id" params={{ id: event.characterId }}>
        {children}
      </Link>
    );
  return <>{children}</>;
}

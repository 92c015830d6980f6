/**
 * One /live row: the event's type, its age, its sentence, and "pending" until confirmed. The sentence links to
 * what it names: the vera of a mint or vera event, the battle, the clan, else the acting viking.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { relativeTime, utcDate } from '../../lib/format.ts';
import { describeActivity } from '../../live/describe.ts';
import type { ActivityEvent } from '../../live/protocol.ts';

export function LiveRow({ event, top, now }: { event: ActivityEvent; top: number; now: number }) {
  const sentence = describeActivity(event);
  return (
    <li
      className="live-row"
      data-cursor={event.cursor}
      data-type={event.type}
      data-kind={event.kind}
      data-provisional={event.provisional ? 'true' : undefined}
      style={{ top }}
    >
      <span className="pill">{event.type}</span>
      <time
        className="muted live-time"
        dateTime={new Date(event.timestamp * 1000).toISOString()}
        title={utcDate(event.timestamp)}
      >
        {relativeTime(event.timestamp, now)}
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

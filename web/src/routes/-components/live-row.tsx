/** One /live row: the event's type, its age, its sentence (a mint links to its vera), and "pending" until confirmed. */
import { Link } from '@tanstack/react-router';
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
        {event.veraId && event.type === 'mint' ? (
          <Link to="/vera/$id" params={{ id: event.veraId }}>
            {sentence}
          </Link>
        ) : (
          sentence
        )}
      </span>
      {event.provisional ? (
        <span className="muted live-pending" title="Seen on the chain; the index has not confirmed it yet">
          pending
        </span>
      ) : null}
    </li>
  );
}

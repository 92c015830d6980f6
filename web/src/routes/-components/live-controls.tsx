/** The /live controls: a toggle per activity type (kept in the URL), the stream's status, and pause/resume. */
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES } from '@skald/game';
import { Link } from '@tanstack/react-router';
import type { LiveStatus } from '../../live/live-client.ts';

export function LiveControls({
  types,
  onType,
  status,
  paused,
  waiting,
  onTogglePause,
}: {
  types: ReadonlySet<string>;
  onType: (type: string) => void;
  status: LiveStatus;
  paused: boolean;
  /** frames held while paused */
  waiting: number;
  onTogglePause: () => void;
}) {
  return (
    <div className="row live-controls">
      <fieldset className="tabs">
        <legend className="sr-only">Event types</legend>
        {ACTIVITY_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className="secondary"
            data-type={type}
            aria-pressed={types.has(type)}
            onClick={() => onType(type)}
          >
            {ACTIVITY_TYPE_LABELS[type]}
          </button>
        ))}
        {types.size > 0 ? (
          <Link to="/live" search={{}} replace className="button secondary">
            All types
          </Link>
        ) : null}
      </fieldset>
      <div className="row">
        <span className="pill" role="status" data-live-status={status}>
          {status === 'live' ? '● live' : status}
        </span>
        <button type="button" className="secondary" onClick={onTogglePause} aria-pressed={paused}>
          {paused ? `Resume (${waiting} waiting)` : 'Pause'}
        </button>
      </div>
    </div>
  );
}

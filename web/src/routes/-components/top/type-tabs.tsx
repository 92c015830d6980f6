import { BATTLE_TYPE_LABELS } from '@skald/game';
import { Link } from '@tanstack/react-router';
import { TYPES } from './battle-types.ts';

/** A tab per battle type, the shown one current. */
export function TypeTabs({ type }: { type: number }) {
  return (
    <fieldset className="tabs">
      <legend className="sr-only">Battle type</legend>
      {TYPES.map((t) => (
        <Link
          key={t}
          to="/top"
          search={{ type: t }}
          // active by the type shown, so the default (no ?type) highlights Ranked too
          className={t === type ? 'magnetic active' : 'magnetic'}
          aria-current={t === type ? 'page' : undefined}
          activeOptions={{ exact: true, includeSearch: true }}
        >
          {BATTLE_TYPE_LABELS[t]}
        </Link>
      ))}
    </fieldset>
  );
}

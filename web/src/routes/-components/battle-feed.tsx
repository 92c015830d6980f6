/** A viking's resolved battles, newest first, from its battle activity. */
import { BATTLE_TYPE_LABELS, codeLabel } from '@skald/game';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { activityQueryOptions } from '../../api/queries.ts';
import { relativeTime } from '../../lib/format.ts';
import { useApi } from '../../lib/hooks.ts';

export function BattleFeed({ characterId }: { characterId: string }) {
  const api = useApi();
  const activity = useQuery(activityQueryOptions(api, { type: 'battle', characterId }));
  const resolved = (activity.data?.items ?? []).filter((e) => e.kind === 'BattleResolved');
  return (
    <ul className="feed">
      {resolved.map((e) => {
        const a = String(e.payload.characterA ?? '');
        const b = String(e.payload.characterB ?? '');
        const mine = a === characterId ? 1 : 2;
        const opponent = mine === 1 ? b : a;
        const result = Number(e.payload.result);
        const outcome = result === 3 ? 'tie' : result === mine ? 'won' : 'lost';
        return (
          <li key={e.cursor}>
            <span className="muted">{relativeTime(e.timestamp)}</span>
            <span>
              {codeLabel(BATTLE_TYPE_LABELS, Number(e.payload.battleType)) ?? 'Battle'} vs{' '}
              <Link to="/viking/$id" params={{ id: opponent }}>
                viking #{opponent}
              </Link>
              : {outcome}
            </span>
          </li>
        );
      })}
      {activity.isSuccess && resolved.length === 0 ? <li className="muted">No battles yet.</li> : null}
    </ul>
  );
}

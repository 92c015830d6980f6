/** A viking's battles, newest first: opponent, outcome and elo change, each linking to its battle page. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { vikingBattlesQueryOptions } from '../../api/queries.ts';
import { RelativeTime } from '../../components/relative-time.tsx';
import { useApi } from '../../lib/hooks.ts';

const OUTCOME: Record<string, string> = { won: 'won', lost: 'lost', tie: 'tied' };

export function BattleList({ characterId }: { characterId: string }) {
  const api = useApi();
  const battles = useQuery(vikingBattlesQueryOptions(api, characterId));
  return (
    <ul className="feed" data-testid="battle-list">
      {(battles.data?.items ?? []).map((b) => {
        const delta = b.eloBefore !== null && b.eloAfter !== null ? b.eloAfter - b.eloBefore : null;
        return (
          <li key={b.battleId}>
            <RelativeTime at={b.resolvedAt ?? b.startedAt} />
            <span>
              <Link to="/battle/$id" params={{ id: b.battleId }}>
                {b.battleTypeName} battle #{b.battleId}
              </Link>{' '}
              vs{' '}
              <Link to="/viking/$id" params={{ id: b.opponent.characterId }}>
                {b.opponent.name || `viking #${b.opponent.characterId}`}
              </Link>
              : {b.outcome ? OUTCOME[b.outcome] : 'in progress'}
              {delta !== null ? ` (elo ${b.eloAfter}, ${delta >= 0 ? '+' : ''}${delta})` : ''}
            </span>
          </li>
        );
      })}
      {battles.isSuccess && battles.data.items.length === 0 ? (
        <li className="muted">No battles yet.</li>
      ) : null}
      {battles.isError ? <li className="muted">The battles could not be read right now.</li> : null}
    </ul>
  );
}

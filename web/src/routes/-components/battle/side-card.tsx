import { BATTLE_ACTIONS, getSpecies } from '@skald/game';
import type { BattleDetail, BattleSide } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';
import { ArtImage } from '../../../art/art-image.tsx';
import { artPath } from '../../../art/paths.ts';

function eloLine(side: BattleSide): string | null {
  if (!side.elo) return null;
  const delta = side.elo.after - side.elo.before;
  return `Elo ${side.elo.before} → ${side.elo.after} (${delta >= 0 ? '+' : ''}${delta})`;
}

export function SideCard({ side, battle, isMe }: { side: BattleSide; battle: BattleDetail; isMe: boolean }) {
  const resolved = battle.status === 'resolved';
  return (
    <section className="card" aria-label={`${side.name}'s side`} data-testid={`side-${side.side}`}>
      <h2>
        <Link to="/viking/$id" params={{ id: side.characterId }}>
          {side.name || `viking #${side.characterId}`}
        </Link>
        {isMe ? <span className="muted"> (you)</span> : null}
      </h2>
      {side.nameNow ? <p className="muted">Now called {side.nameNow}</p> : null}
      {eloLine(side) ? <p data-testid="elo-change">{eloLine(side)}</p> : null}
      {resolved && side.score !== null ? <p className="muted">Score {side.score}</p> : null}
      {!resolved ? (
        <p className="muted" data-testid="side-state">
          {side.submitted ? 'Actions submitted' : 'Choosing actions…'}
        </p>
      ) : null}
      <ul className="feed">
        {side.veras.map((v, i) => {
          const action = side.actions?.[i];
          const surrendered = side.surrenderIds?.includes(v.id);
          return (
            <li key={v.id}>
              {v.species !== undefined ? (
                <ArtImage src={artPath.species(v.species)} alt="" size={32} />
              ) : null}
              <Link to="/vera/$id" params={{ id: v.id }}>
                {v.species !== undefined ? getSpecies(v.species).name : 'Vera'} #{v.id}
              </Link>
              {v.level !== undefined ? <span className="muted"> · level {v.level}</span> : null}
              {resolved && action !== undefined ? (
                <span>
                  {' '}
                  ·{' '}
                  {surrendered
                    ? 'surrendered'
                    : (BATTLE_ACTIONS.find((a) => a.id === action)?.label ?? 'unknown')}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { getSpecies, STARTER_RUNIX } from '@skald/game';
import type { Vera } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';

/** Ready: the vera met, and the ways on (home, arena, profile). */
export function Done(props: { characterId: string; veraId: string | undefined; vera: Vera | undefined }) {
  const { characterId, veraId, vera: v } = props;
  return (
    <div className="card">
      <h2>Welcome to Skald</h2>
      {veraId ? (
        <p>
          You met{' '}
          <Link to="/vera/$id" params={{ id: veraId }}>
            {v ? `${getSpecies(v.species).name} #${veraId}` : `vera #${veraId}`}
          </Link>
          {v ? ` (stat total ${v.statTotal ?? '—'})` : ''}. It is yours now, with {STARTER_RUNIX} runix to
          spend.
        </p>
      ) : (
        <p>Your viking is ready.</p>
      )}
      <div className="row">
        <Link to="/nfts" className="button">
          Go to your home and explore
        </Link>
        <Link to="/arena" className="button secondary">
          Battle in the arena
        </Link>
        <Link to="/viking/$id" params={{ id: characterId }} className="magnetic">
          Your profile
        </Link>
      </div>
    </div>
  );
}

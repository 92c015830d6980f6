import { findAbility, getSpecies, MAX_ARSENAL_VERAS } from '@skald/game';
import type { Arena as ArenaData, Vera } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';
import { ArtImage } from '../../../art/art-image.tsx';
import { artPath } from '../../../art/paths.ts';
import { VikingSearch } from '../viking-search.tsx';

/**
 * The arsenal to queue with: the player's veras to pick (up to MAX_ARSENAL_VERAS), an open battle type, Enter the
 * queue, and a friend to challenge by name (while no challenge of theirs is open).
 */
export function Arsenal({
  characterId,
  veras,
  noVeras,
  picked,
  onToggle,
  open,
  chosenType,
  onChooseType,
  busy,
  onEnter,
  canChallenge,
  onChallenge,
}: {
  characterId: string;
  veras: Vera[];
  noVeras: boolean;
  picked: string[];
  onToggle: (veraId: string) => void;
  open: ArenaData['types'];
  chosenType: number | undefined;
  onChooseType: (battleType: number) => void;
  busy: boolean;
  onEnter: () => void;
  canChallenge: boolean;
  onChallenge: (opponent: string, name: string) => void;
}) {
  return (
    <div className="card" style={{ marginTop: 16 }}>
      <h2>Your arsenal</h2>
      <p className="muted">
        Choose up to {MAX_ARSENAL_VERAS} veras. In battle each one attacks, defends or uses its abilities.
      </p>
      {noVeras ? (
        <p>
          You have no veras yet. <Link to="/start">Go on an encounter</Link> first.
        </p>
      ) : null}
      <div className="grid">
        {veras.map((v) => (
          <ArsenalCard key={v.id} vera={v} picked={picked.includes(v.id)} onToggle={() => onToggle(v.id)} />
        ))}
      </div>
      <div className="row" style={{ marginTop: 16 }}>
        <label>
          Battle type
          <select
            value={chosenType ?? ''}
            onChange={(e) => onChooseType(Number(e.target.value))}
            disabled={open.length === 0}
          >
            {open.map((t) => (
              <option key={t.battleType} value={t.battleType}>
                {t.battleTypeName}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="primary"
          disabled={busy || picked.length === 0 || chosenType === undefined}
          onClick={onEnter}
        >
          Enter the queue
        </button>
        {picked.length === 0 ? <span className="muted">Pick at least one vera.</span> : null}
      </div>
      {canChallenge ? (
        <div style={{ marginTop: 16 }}>
          <VikingSearch
            label="Or challenge a friend by name"
            busy={busy || picked.length === 0 || chosenType === undefined}
            exclude={(v) => v.characterId === characterId}
            actionLabel={(v) => `Challenge ${v.name}`}
            onPick={(v) => onChallenge(v.characterId, v.name)}
          />
        </div>
      ) : null}
    </div>
  );
}

function ArsenalCard({ vera, picked, onToggle }: { vera: Vera; picked: boolean; onToggle: () => void }) {
  const species = getSpecies(vera.species);
  return (
    <label className={`card choice${picked ? ' active' : ''}`} style={{ alignItems: 'flex-start' }}>
      <input
        type="checkbox"
        checked={picked}
        onChange={onToggle}
        aria-label={`Vera #${vera.id} in the arsenal`}
      />
      <ArtImage src={artPath.species(vera.species)} alt="" size={48} />
      <span className="stack" style={{ gap: 4 }}>
        <strong>
          {species.name} #{vera.id}
        </strong>
        <span className="muted">
          level {vera.level} · total {vera.statTotal ?? '—'} · str {vera.effective.strength} · vit{' '}
          {vera.effective.vitality} · int {vera.effective.intellect}
        </span>
        {vera.abilities.length === 0 ? (
          <span className="muted">No abilities learned yet.</span>
        ) : (
          <ul className="feed">
            {vera.abilities.map((id) => {
              const ability = findAbility(id);
              return (
                <li key={id}>
                  <strong>{ability?.name ?? `Ability ${id}`}</strong>
                  {ability ? <span className="muted"> — {ability.description}</span> : null}
                </li>
              );
            })}
          </ul>
        )}
      </span>
    </label>
  );
}

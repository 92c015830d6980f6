/**
 * Explore: an encounter in an area of the player's choice, as often as they like (it costs no runix and has no
 * cooldown, only the network fee). Each area is home to one species and its neighbours; the vera found shows
 * here with a link, and as the player's own mint toast.
 */
import { AREA_COUNT, areaName, ENCOUNTER_COST_RUNIX, getSpecies } from '@skald/game';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ArtImage } from '../../art/art-image.tsx';
import { artPath } from '../../art/paths.ts';
import { call } from '../../lib/contracts.ts';
import { useAppConfig } from '../../lib/hooks.ts';
import { MINT_ROLL_GAS } from '../../tx/gas.ts';
import { useTransactor } from '../../tx/use-transactor.ts';

export function Explore({ characterId }: { characterId: string }) {
  const config = useAppConfig();
  const transact = useTransactor();
  const queryClient = useQueryClient();
  const [area, setArea] = useState(1);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<string[]>([]);
  const onExplore = async () => {
    setBusy(true);
    const result = await transact(`Exploring ${areaName(area)}`, {
      ...call(config, 'Veras', 'encounter', [area]),
      gas: MINT_ROLL_GAS,
    });
    setBusy(false);
    if (!result.ok) return;
    const { mintedVeraId } = await import('../../tx/receipt-events.ts');
    const veraId = mintedVeraId(result.receipt);
    if (veraId !== undefined) setFound((old) => [veraId, ...old].slice(0, 5));
    void queryClient.invalidateQueries({ queryKey: ['inventory', characterId] });
    void queryClient.invalidateQueries({ queryKey: ['viking', characterId] });
  };
  return (
    <section className="card" aria-labelledby="explore-title">
      <h2 id="explore-title">Explore</h2>
      <p className="muted">
        {ENCOUNTER_COST_RUNIX === 0
          ? 'Free, no cooldown: only the network fee.'
          : `${ENCOUNTER_COST_RUNIX} runix.`}{' '}
        Each area is home to one species; its neighbours wander in too.
      </p>
      <div className="row" style={{ flexWrap: 'wrap' }} role="radiogroup" aria-label="Area">
        {Array.from({ length: AREA_COUNT }, (_, i) => i + 1).map((id) => (
          <label key={id} className={`card choice${area === id ? ' active' : ''}`}>
            <input
              type="radio"
              name="explore-area"
              value={id}
              checked={area === id}
              onChange={() => setArea(id)}
            />
            <ArtImage src={artPath.species(id)} alt="" size={32} />
            <span>
              {areaName(id)}
              <br />
              <small className="muted">home of {getSpecies(id).name}</small>
            </span>
          </label>
        ))}
      </div>
      <button type="button" className="primary" disabled={busy} onClick={() => void onExplore()}>
        {busy ? 'Waiting for the wallet…' : `Explore ${areaName(area)}`}
      </button>
      {found.length > 0 ? (
        <p role="status">
          Found:{' '}
          {found.map((id, i) => (
            <span key={id}>
              {i > 0 ? ', ' : ''}
              <Link to="/vera/$id" params={{ id }}>
                Vera #{id}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}

import { actionScore, BATTLE_ACTIONS, getSpecies, type StatKey } from '@skald/game';
import type { BattleDetail, BattleSide } from '@skald/wire/rest';
import { useState } from 'react';
import { call } from '../../../lib/contracts.ts';
import { useAppConfig } from '../../../lib/hooks.ts';
import { RESOLVE_BATTLE_GAS } from '../../../tx/gas.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';

/** The player's move while their side has not acted: an action per vera (its score shown), or surrender it. */
export function ActionPicker({ battle, side }: { battle: BattleDetail; side: BattleSide }) {
  const config = useAppConfig();
  const transact = useTransactor();
  const [actions, setActions] = useState<number[]>(() => side.veras.map(() => 0));
  const [surrender, setSurrender] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    await transact(
      'Submitting your actions',
      {
        ...call(config, 'Battles', 'submitActions', [
          BigInt(battle.id),
          actions,
          surrender.map((v) => BigInt(v)),
        ]),
        gas: RESOLVE_BATTLE_GAS,
      },
      { invalidate: [['battle', battle.id]] },
    );
    setBusy(false);
  };

  return (
    <form
      className="card"
      style={{ marginTop: 16 }}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>Your move</h2>
      <p className="muted">
        Pick an action for each vera. Its score is worked out from its stats; a roll of 0–100 is added for the
        side. Surrendered veras do not fight; a side that surrenders all of them loses.
      </p>
      {side.veras.map((v, i) => (
        <fieldset key={v.id}>
          <legend>
            {v.species !== undefined ? getSpecies(v.species).name : 'Vera'} #{v.id}
          </legend>
          <div className="row" style={{ flexWrap: 'wrap' }}>
            {BATTLE_ACTIONS.map((a) => (
              <label key={a.id} className={`card choice${actions[i] === a.id ? ' active' : ''}`}>
                <input
                  type="radio"
                  name={`action-${v.id}`}
                  checked={actions[i] === a.id}
                  onChange={() => setActions((old) => old.map((x, j) => (j === i ? a.id : x)))}
                />
                <span>
                  <strong>{a.label}</strong>
                  {v.effective ? (
                    <span className="muted">
                      {' '}
                      ({actionScore(v.effective as Record<StatKey, number>, a.id)})
                    </span>
                  ) : null}
                  <br />
                  <small className="muted">{a.description}</small>
                </span>
              </label>
            ))}
            <label>
              <input
                type="checkbox"
                checked={surrender.includes(v.id)}
                onChange={(e) =>
                  setSurrender((old) => (e.target.checked ? [...old, v.id] : old.filter((x) => x !== v.id)))
                }
              />
              Surrender
            </label>
          </div>
        </fieldset>
      ))}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Sending…' : 'Submit actions'}
      </button>
    </form>
  );
}

/**
 * The player's home, beyond balances and the bank: each vera with its stat points to allocate and abilities to
 * learn, lootboxes with their chest timers (claim, speed up, open), and the vera tracker.
 */
import {
  AREA_COUNT,
  abilitiesFor,
  areaName,
  getSpecies,
  lootBoxSpeedUpCost,
  MAX_LEARNED_ABILITIES,
  SPECIES,
  STAT_KEYS,
  STAT_LABELS,
} from '@skald/game';
import type { InventoryData, Vera } from '@skald/wire/rest';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ArtImage } from '../../art/art-image.tsx';
import { artPath } from '../../art/paths.ts';
import { ActionForm } from '../../components/forms/action-form.tsx';
import { call } from '../../lib/contracts.ts';
import { useAppConfig } from '../../lib/hooks.ts';
import { useNowSeconds } from '../../lib/use-now.ts';
import { MINT_ROLL_GAS } from '../../tx/gas.ts';
import { useTransactor } from '../../tx/use-transactor.ts';

export function VeraCard({ vera, invalidate }: { vera: Vera; invalidate: unknown[][] }) {
  const config = useAppConfig();
  const transact = useTransactor();
  const [points, setPoints] = useState<string[]>(() => STAT_KEYS.map(() => '0'));
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const learnable = abilitiesFor(vera.species, vera.mainRune).filter((a) => !vera.abilities.includes(a.id));
  const [ability, setAbility] = useState<number | undefined>(undefined);
  const chosenAbility = ability ?? learnable[0]?.id;
  const species = getSpecies(vera.species);

  const allocate = async () => {
    const values = points.map((p) => (/^\d+$/.test(p.trim()) ? Number(p.trim()) : Number.NaN));
    if (values.some((v) => Number.isNaN(v))) return setError('Points must be whole numbers.');
    // one entry per stat, in the order allocateVeraStats takes them
    const [str = 0, dex = 0, vit = 0, int = 0, wis = 0, cha = 0] = values;
    const total = values.reduce((a, b) => a + b, 0);
    if (total === 0) return setError('Put at least one point somewhere.');
    if (total > vera.unallocatedPoints) return setError(`Only ${vera.unallocatedPoints} points are free.`);
    setError(undefined);
    setBusy(true);
    const result = await transact(
      `Allocating ${total} points`,
      call(config, 'Veras', 'allocateVeraStats', [BigInt(vera.id), [str, dex, vit, int, wis, cha]]),
      { invalidate },
    );
    setBusy(false);
    if (result.ok) setPoints(STAT_KEYS.map(() => '0'));
  };

  const learn = async () => {
    if (chosenAbility === undefined) return;
    setBusy(true);
    await transact(
      'Learning an ability',
      call(config, 'Veras', 'learnVeraAbility', [BigInt(vera.id), chosenAbility]),
      { invalidate },
    );
    setBusy(false);
  };

  return (
    <div className="card stack" data-testid={`vera-${vera.id}`}>
      <Link to="/vera/$id" params={{ id: vera.id }} className="row">
        <ArtImage src={artPath.species(vera.species)} alt="" size={56} />
        <span>
          {species.name} #{vera.id} · level {vera.level} · total {vera.statTotal ?? '—'}
        </span>
      </Link>
      <span className="muted">
        {vera.record.wins} won · {vera.record.losses} lost · {vera.record.ties} tied
      </span>
      {vera.abilities.length > 0 ? (
        <span className="muted">
          Abilities:{' '}
          {vera.abilities
            .map((id) => abilitiesFor(vera.species, vera.mainRune).find((a) => a.id === id)?.name ?? `#${id}`)
            .join(', ')}
        </span>
      ) : null}
      {vera.unallocatedPoints > 0 ? (
        <details>
          <summary>{vera.unallocatedPoints} stat points to allocate</summary>
          <div className="row" style={{ flexWrap: 'wrap' }}>
            {STAT_KEYS.map((key, i) => (
              <label key={key} style={{ width: 90 }}>
                {STAT_LABELS[key]} ({vera.effective[key]})
                <input
                  inputMode="numeric"
                  value={points[i]}
                  onChange={(e) => setPoints((old) => old.map((p, j) => (j === i ? e.target.value : p)))}
                />
              </label>
            ))}
          </div>
          {error ? (
            <p role="alert" className="form-errors">
              {error}
            </p>
          ) : null}
          <button type="button" className="secondary" disabled={busy} onClick={() => void allocate()}>
            Allocate points
          </button>
        </details>
      ) : null}
      {vera.abilities.length < MAX_LEARNED_ABILITIES && learnable.length > 0 ? (
        <div className="row" style={{ flexWrap: 'wrap' }}>
          <label>
            Learn an ability
            <select value={chosenAbility} onChange={(e) => setAbility(Number(e.target.value))}>
              {learnable.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="secondary" disabled={busy} onClick={() => void learn()}>
            Learn
          </button>
          <small className="muted">{learnable.find((a) => a.id === chosenAbility)?.description}</small>
        </div>
      ) : null}
    </div>
  );
}

function countdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}h ${m}m` : m > 0 ? `${m}m ${s}s` : `${s}s`;
}

export function LootBoxes({ inventory, invalidate }: { inventory: InventoryData; invalidate: unknown[][] }) {
  const config = useAppConfig();
  const transact = useTransactor();
  const navigate = useNavigate();
  const nowS = useNowSeconds();
  const boxes = inventory.lootBoxes.filter((b) => b.status !== 'consumed');
  if (boxes.length === 0) return <p className="muted">No lootboxes.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Lootbox</th>
          <th>State</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {boxes.map((b) => {
          const end = b.endTimestamp ?? 0;
          const claimed = b.status === 'claimed';
          const ready = claimed && end <= nowS;
          return (
            <tr key={b.lootBoxId}>
              <td>
                #{b.lootBoxId} · type {b.boxType}
                {b.species ? ` · ${getSpecies(b.species).name}` : ''}
                {b.isSoulbound ? ' · soulbound' : ''}
              </td>
              <td>
                {!claimed ? 'In your stash' : ready ? 'Ready to open' : `Opens in ${countdown(end - nowS)}`}
              </td>
              <td className="row">
                {!claimed ? (
                  <>
                    <button
                      type="button"
                      className="secondary"
                      onClick={() =>
                        void transact(
                          'Claiming the lootbox',
                          call(config, 'Inventory', 'claimLootBox', [BigInt(b.lootBoxId), false]),
                          { invalidate },
                        )
                      }
                    >
                      Claim
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      onClick={async () => {
                        // the action list is fetched on the click (the /confirm page loads it anyway)
                        const { confirmSearch } = await import('../../tx/actions.ts');
                        void navigate({
                          to: '/confirm',
                          search: confirmSearch('lootbox-speed-up', { lootBoxId: b.lootBoxId }),
                        });
                      }}
                    >
                      Speed up ({lootBoxSpeedUpCost(b.boxType).toString()} onyx)
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="primary"
                    disabled={!ready}
                    onClick={() =>
                      void transact(
                        'Opening the lootbox',
                        {
                          ...call(config, 'Veras', 'openLootBox', [BigInt(b.lootBoxId)]),
                          gas: MINT_ROLL_GAS,
                        },
                        { invalidate },
                      )
                    }
                  >
                    Open
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function TrackerForm() {
  const config = useAppConfig();
  return (
    <ActionForm
      title="Track a vera"
      fields={[
        {
          name: 'species',
          label: 'Species',
          kind: 'select',
          options: SPECIES.filter((s) => s.id > 0).map((s) => ({ value: String(s.id), label: s.name })),
        },
        {
          name: 'area',
          label: 'Area',
          kind: 'select',
          options: Array.from({ length: AREA_COUNT }, (_, i) => ({
            value: String(i + 1),
            label: areaName(i + 1),
          })),
        },
        {
          name: 'stat',
          label: 'Stat to favour',
          kind: 'select',
          options: STAT_KEYS.map((k, i) => ({ value: String(i), label: STAT_LABELS[k] })),
        },
        {
          name: 'rarity',
          label: 'Minimum stat rarity',
          kind: 'select',
          options: [0, 1, 2, 3, 4, 5].map((r) => ({ value: String(r), label: r === 0 ? 'Any' : `${r}` })),
        },
      ]}
      submitLabel="Track"
      toastLabel="Tracking a vera"
      build={(v) =>
        call(config, 'Veras', 'trackVera', [
          Number(v.species),
          Number(v.area),
          Number(v.stat),
          Number(v.rarity),
        ])
      }
    />
  );
}

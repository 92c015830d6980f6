import {
  CHARACTER_ATTRIBUTES,
  CHARACTER_NAME_MAX_BYTES,
  type CharacterAttributes,
  characterNameProblem,
  defaultCharacterAttributes,
  getMainRune,
  getSpecies,
} from '@skald/game';
import { type FormEvent, useState } from 'react';
import { zeroAddress } from 'viem';
import { ArtImage } from '../../../art/art-image.tsx';
import { artPath } from '../../../art/paths.ts';
import { VikingAvatar } from '../../../components/viking-avatar.tsx';
import { call } from '../../../lib/contracts.ts';
import { useApi, useAppConfig } from '../../../lib/hooks.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';

const STARTER_SPECIES = [1, 2, 3, 4, 5, 6, 7, 8];

const STARTER_RUNES = [1, 2, 3];

/** Step 1: name and look (with a live preview), starter vera and rune; creates the character. */
export function CreateCharacter({ onCreated }: { onCreated: (characterId: string) => void }) {
  const api = useApi();
  const config = useAppConfig();
  const transact = useTransactor();
  const [name, setName] = useState('');
  const [look, setLook] = useState<CharacterAttributes>(defaultCharacterAttributes);
  const [species, setSpecies] = useState(1);
  const [rune, setRune] = useState(1);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const nameProblem = characterNameProblem(name);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameProblem) return;
    setBusy(true);
    const result = await transact(
      'Creating your viking',
      call(config, 'Characters', 'createCharacter', [
        zeroAddress,
        name,
        look,
        { starterSpecies: species, starterRune: rune },
      ]),
      {
        precheck: async () => {
          const { items } = await api.call('vikings', { query: { name, limit: 20 } });
          return items.some((v) => v.name.toLowerCase() === name.toLowerCase())
            ? `The name “${name}” is taken. Choose another.`
            : undefined;
        },
      },
    );
    setBusy(false);
    if (!result.ok) return;
    const { createdCharacterId } = await import('../../../tx/receipt-events.ts');
    const characterId = createdCharacterId(result.receipt);
    if (characterId !== undefined) onCreated(characterId);
  };

  return (
    <form className="card onboarding" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="row" style={{ alignItems: 'flex-start', gap: 24, flexWrap: 'wrap' }}>
        <div className="stack" style={{ alignItems: 'center' }}>
          <VikingAvatar look={look} size={180} />
          <strong data-testid="preview-name">{name || 'Your viking'}</strong>
        </div>
        <div className="stack" style={{ flex: 1, minWidth: 260 }}>
          <label>
            Viking name
            <input
              name="name"
              value={name}
              autoComplete="off"
              maxLength={CHARACTER_NAME_MAX_BYTES * 2}
              aria-invalid={touched && nameProblem !== undefined}
              aria-describedby="name-help"
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setTouched(true)}
            />
          </label>
          <span
            id="name-help"
            className={touched && nameProblem ? 'form-errors' : 'muted'}
            role={touched && nameProblem ? 'alert' : undefined}
          >
            {touched && nameProblem ? nameProblem : '3 to 24 characters; other players see it.'}
          </span>
          <fieldset className="look-grid">
            <legend>Look</legend>
            {CHARACTER_ATTRIBUTES.map((attribute) => (
              <label key={attribute.key}>
                {attribute.label}
                <select
                  value={look[attribute.key]}
                  onChange={(e) => setLook((old) => ({ ...old, [attribute.key]: Number(e.target.value) }))}
                >
                  {attribute.options.map((option, i) => (
                    <option key={option} value={i + 1}>
                      {option}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
        </div>
      </div>
      <fieldset>
        <legend>Starter vera</legend>
        <div className="row" style={{ flexWrap: 'wrap' }}>
          {STARTER_SPECIES.map((id) => (
            <label key={id} className={`card choice${species === id ? ' active' : ''}`}>
              <input
                type="radio"
                name="species"
                value={id}
                checked={species === id}
                onChange={() => setSpecies(id)}
              />
              <ArtImage src={artPath.species(id)} alt="" size={40} />
              <span>
                {getSpecies(id).name}
                <br />
                <small className="muted">{getSpecies(id).trait}</small>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Starter rune</legend>
        <div className="row">
          {STARTER_RUNES.map((id) => (
            <label key={id} className={`card choice${rune === id ? ' active' : ''}`}>
              <input type="radio" name="rune" value={id} checked={rune === id} onChange={() => setRune(id)} />
              <ArtImage src={artPath.rune(id)} alt="" size={32} />
              {getMainRune(id).name}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Waiting for the wallet…' : 'Create viking'}
      </button>
    </form>
  );
}

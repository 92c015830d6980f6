/**
 * Onboarding for a wallet without a viking: name and look (with a live preview), starter choices, create the
 * character, finish onboarding (`login`), then claim the starter vera chosen here (with the first runix). Each
 * step is one transaction with one toast; the page follows the gateway (and the receipts) so it resumes at the
 * right step after a reload. More veras come from exploring (the Explore card, also on the player's home).
 */
import {
  CHARACTER_ATTRIBUTES,
  CHARACTER_NAME_MAX_BYTES,
  type CharacterAttributes,
  characterNameProblem,
  defaultCharacterAttributes,
  getMainRune,
  getSpecies,
  STARTER_RUNIX,
} from '@skald/game';
import type { Vera } from '@skald/wire/rest';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { zeroAddress } from 'viem';
import { vikingDataQueryOptions, vikingQueryOptions } from '../api/queries.ts';
import { ArtImage } from '../art/art-image.tsx';
import { artPath } from '../art/paths.ts';
import { ConnectButton } from '../components/header/connect-button.tsx';
import { VikingAvatar } from '../components/viking-avatar.tsx';
import { call } from '../lib/contracts.ts';
import { useApi, useAppConfig, usePlayer } from '../lib/hooks.ts';
import { MINT_ROLL_GAS } from '../tx/gas.ts';
import { useTransactor } from '../tx/use-transactor.ts';

export const Route = createFileRoute('/start')({
  head: () => ({ meta: [{ title: 'Create your viking · Skald' }] }),
  component: StartPage,
});

const STARTER_SPECIES = [1, 2, 3, 4, 5, 6, 7, 8];
const STARTER_RUNES = [1, 2, 3];

type Step = 'connect' | 'loading' | 'create' | 'login' | 'starter' | 'done';

const STEP_LABELS: Record<Exclude<Step, 'connect' | 'loading'>, string> = {
  create: '1. Create your viking',
  login: '2. Finish onboarding',
  starter: '3. Your starter',
  done: 'Ready',
};

function StartPage() {
  const api = useApi();
  const player = usePlayer();
  const queryClient = useQueryClient();
  // what this page has already done, so it moves on before the indexer has caught up
  const [created, setCreated] = useState<string | undefined>(undefined);
  const [loggedIn, setLoggedIn] = useState(false);
  const [firstVera, setFirstVera] = useState<string | undefined>(undefined);
  const characterId = player.characterId ?? created;
  // read once the gateway names the viking (the player record), so the page never asks for one it lacks
  const profile = useQuery({
    ...vikingQueryOptions(api, player.characterId ?? '0'),
    enabled: player.characterId !== undefined,
    // poll while the indexer has not yet caught up with this page's own transactions
    refetchInterval: (query) => {
      const data = query.state.data;
      if (loggedIn && data?.state === 0) return 1000;
      if (firstVera && data && data.veras.total === 0) return 1000;
      return false;
    },
  });
  // the header's Me button and the welcome toast read the player record: refresh it until it names the viking
  useQuery({
    ...vikingDataQueryOptions(api, player.address ?? '0x'),
    enabled: Boolean(player.address && created && !player.characterId),
    refetchInterval: 1000,
  });

  let step: Step;
  if (player.status !== 'connected' || !player.address) step = 'connect';
  else if (!characterId) step = 'create';
  else if (!profile.data && !created) step = 'loading';
  else if (!loggedIn && profile.data?.state !== 1) step = 'login';
  else if (!firstVera && (profile.data?.veras.total ?? 0) === 0) step = 'starter';
  else step = 'done';

  const onCreated = (id: string) => {
    setCreated(id);
    void queryClient.invalidateQueries({ queryKey: ['viking-data'] });
  };

  return (
    <section style={{ maxWidth: 880, margin: '0 auto' }}>
      <h1>Join the saga</h1>
      {step === 'loading' ? <p className="muted">Reading your viking…</p> : null}
      {step !== 'connect' && step !== 'loading' ? (
        <ol className="row steps" aria-label="Onboarding steps">
          {(Object.keys(STEP_LABELS) as (keyof typeof STEP_LABELS)[]).map((key) => (
            <li
              key={key}
              aria-current={key === step ? 'step' : undefined}
              className={key === step ? 'pill active' : 'pill'}
            >
              {STEP_LABELS[key]}
            </li>
          ))}
        </ol>
      ) : null}
      {step === 'connect' ? (
        <div className="card">
          <p>Connect your wallet to create your viking. Creating one costs only the network fee.</p>
          <ConnectButton />
        </div>
      ) : null}
      {step === 'create' ? <CreateCharacter onCreated={onCreated} /> : null}
      {step === 'login' ? (
        <FinishOnboarding name={profile.data?.name} onDone={() => setLoggedIn(true)} />
      ) : null}
      {step === 'starter' ? <ClaimStarter starter={profile.data?.starter} onMinted={setFirstVera} /> : null}
      {step === 'done' ? (
        <Done
          characterId={characterId as string}
          veraId={firstVera}
          vera={profile.data?.veras.items.find((v) => v.id === firstVera)}
        />
      ) : null}
    </section>
  );
}

function CreateCharacter({ onCreated }: { onCreated: (characterId: string) => void }) {
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
    const { createdCharacterId } = await import('../tx/receipt-events.ts');
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

function FinishOnboarding({ name, onDone }: { name: string | undefined; onDone: () => void }) {
  const config = useAppConfig();
  const transact = useTransactor();
  const [busy, setBusy] = useState(false);
  const onLogin = async () => {
    setBusy(true);
    const result = await transact('Finishing onboarding', call(config, 'Characters', 'login', []));
    setBusy(false);
    if (result.ok) onDone();
  };
  return (
    <div className="card">
      <h2>{name ? `${name} is born` : 'Your viking is born'}</h2>
      <p>
        Log in once to finish onboarding. It opens the world (encounters), the shop, your stash and the vera
        tracker.
      </p>
      <button type="button" className="primary" disabled={busy} onClick={() => void onLogin()}>
        {busy ? 'Waiting for the wallet…' : 'Log in and finish onboarding'}
      </button>
    </div>
  );
}

function ClaimStarter(props: {
  starter: { species: number; rune: number } | undefined;
  onMinted: (veraId: string) => void;
}) {
  const config = useAppConfig();
  const transact = useTransactor();
  const [busy, setBusy] = useState(false);
  const { starter } = props;
  const onClaim = async () => {
    setBusy(true);
    const result = await transact('Claiming your starter', {
      ...call(config, 'Veras', 'claimStarter', []),
      gas: MINT_ROLL_GAS,
    });
    setBusy(false);
    if (!result.ok) return;
    const { mintedVeraId } = await import('../tx/receipt-events.ts');
    const veraId = mintedVeraId(result.receipt);
    if (veraId !== undefined) props.onMinted(veraId);
  };
  return (
    <div className="card">
      <h2>Your starter</h2>
      {starter ? (
        <p className="row" style={{ flexWrap: 'wrap' }}>
          <ArtImage src={artPath.species(starter.species)} alt="" size={48} />
          <span>
            The {getSpecies(starter.species).name} you chose, with the {getMainRune(starter.rune).name} rune,
            is waiting for you, with {STARTER_RUNIX} runix for the shop and the bank.
          </span>
        </p>
      ) : (
        <p>The starter you chose is waiting for you, with {STARTER_RUNIX} runix for the shop and the bank.</p>
      )}
      <button type="button" className="primary" disabled={busy} onClick={() => void onClaim()}>
        {busy ? 'Waiting for the wallet…' : 'Claim your starter'}
      </button>
    </div>
  );
}

function Done(props: { characterId: string; veraId: string | undefined; vera: Vera | undefined }) {
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

/**
 * The arena: pick up to three veras (their abilities from the catalogue, with descriptions), choose an open
 * battle type, enter or leave its queue, and follow the queue live. When matched, the battle page takes over.
 * There is always a way on: the battle in progress (with its turn's clock, and the claim once a silent opponent
 * let it run out), the queue to leave, or the arsenal to queue again once the battle has ended.
 */
import { findAbility, getSpecies, MAX_ARSENAL_VERAS, statTotal } from '@skald/game';
import type { Arena as ArenaData, Vera } from '@skald/wire/rest';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { arenaQueryOptions, vikingQueryOptions } from '../api/queries.ts';
import { ArtImage } from '../art/art-image.tsx';
import { artPath } from '../art/paths.ts';
import { call } from '../lib/contracts.ts';
import { useApi, useAppConfig, usePlayer } from '../lib/hooks.ts';
import { useChainNow } from '../lib/use-chain-now.ts';
import { findGameAction } from '../tx/actions.ts';
import { RESOLVE_BATTLE_GAS } from '../tx/gas.ts';
import { useTransactor } from '../tx/use-transactor.ts';
import { NeedsViking } from './-components/needs-viking.tsx';
import { VikingSearch } from './-components/viking-search.tsx';

export const Route = createFileRoute('/arena')({
  head: () => ({ meta: [{ title: 'Arena · Skald' }] }),
  component: ArenaPage,
});

function ArenaPage() {
  const player = usePlayer();
  if (!player.characterId) return <NeedsViking title="Arena" what="battle" />;
  return <Arena characterId={player.characterId} />;
}

function Arena({ characterId }: { characterId: string }) {
  const api = useApi();
  const config = useAppConfig();
  const transact = useTransactor();
  const navigate = useNavigate();
  // live events refresh it; the interval only covers a dropped stream
  const arena = useQuery({ ...arenaQueryOptions(api, characterId), refetchInterval: 5000 });
  const profile = useQuery(vikingQueryOptions(api, characterId));
  const [picked, setPicked] = useState<string[]>([]);
  const [battleType, setBattleType] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const me = arena.data?.me;
  const open = (arena.data?.types ?? []).filter((t) => t.enabled);
  const chosenType = battleType ?? open[0]?.battleType;
  const veras = profile.data?.veras.items ?? [];

  // matched while waiting here (the opponent's transaction): go to the battle
  const seenBattle = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!me) return;
    if (seenBattle.current === null && me.activeBattleId) {
      void navigate({ to: '/battle/$id', params: { id: me.activeBattleId } });
    }
    seenBattle.current = me.activeBattleId;
  }, [me, navigate]);

  const toggle = (id: string) =>
    setPicked((old) =>
      old.includes(id) ? old.filter((v) => v !== id) : old.length >= MAX_ARSENAL_VERAS ? old : [...old, id],
    );

  const enter = async () => {
    if (chosenType === undefined || picked.length === 0) return;
    setBusy(true);
    const result = await transact(
      'Entering the queue',
      call(config, 'Battles', 'enterQueue', [BigInt(characterId), chosenType, picked.map((v) => BigInt(v))]),
      { invalidate: [['arena']] },
    );
    setBusy(false);
    // matched at once or not, the arena read moves on (to the battle page) once the gateway has it
    if (result.ok) void arena.refetch();
  };

  const challenge = async (opponent: string, name: string) => {
    if (chosenType === undefined || picked.length === 0) return;
    setBusy(true);
    await transact(
      `Challenging ${name}`,
      call(config, 'Battles', 'challengeFriend', [
        BigInt(opponent),
        chosenType,
        picked.map((v) => BigInt(v)),
      ]),
      { invalidate: [['arena']] },
    );
    setBusy(false);
  };

  const answer = async (challengeId: string, accept: boolean, label: string) => {
    setBusy(true);
    const result = await transact(
      label,
      accept
        ? call(config, 'Battles', 'acceptChallenge', [BigInt(challengeId), picked.map((v) => BigInt(v))])
        : call(config, 'Battles', 'declineChallenge', [BigInt(challengeId)]),
      { invalidate: [['arena']] },
    );
    setBusy(false);
    if (result.ok) void arena.refetch();
  };

  const challenges = me?.challenges ?? { incoming: [], outgoing: [] };

  const leave = async (type: number) => {
    setBusy(true);
    await transact('Leaving the queue', call(config, 'Battles', 'leaveQueue', [type]), {
      invalidate: [['arena']],
    });
    setBusy(false);
  };

  return (
    <section>
      <h1>Arena</h1>
      {me?.activeBattle ? (
        <ActiveBattle battle={me.activeBattle} />
      ) : me?.activeBattleId ? (
        <div className="card" role="status">
          <strong>You are in battle #{me.activeBattleId}.</strong>{' '}
          <Link to="/battle/$id" params={{ id: me.activeBattleId }} className="button">
            Go to the battle
          </Link>
        </div>
      ) : null}
      <h2>Queues</h2>
      <table>
        <thead>
          <tr>
            <th>Battle type</th>
            <th>Status</th>
            <th>Waiting</th>
          </tr>
        </thead>
        <tbody data-testid="queues">
          {(arena.data?.types ?? []).map((t) => (
            <tr key={t.battleType}>
              <td>{t.battleTypeName}</td>
              <td>{t.enabled ? 'Open' : 'Closed'}</td>
              <td>
                {t.waiting.length === 0
                  ? 'nobody'
                  : t.waiting.map((w, i) => (
                      <span key={w.characterId}>
                        {i > 0 ? ', ' : ''}
                        <Link to="/viking/$id" params={{ id: w.characterId }}>
                          {w.characterId === characterId ? `${w.name} (you)` : w.name}
                        </Link>
                      </span>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {me?.queue ? (
        <div className="card" role="status" style={{ marginTop: 16 }}>
          <p>
            You are waiting in the{' '}
            <strong>
              {arena.data?.types.find((t) => t.battleType === me.queue?.battleType)?.battleTypeName}
            </strong>{' '}
            queue with {me.queue.veraIds.map((v) => `vera #${v}`).join(', ')}. The battle starts as soon as
            someone else enters it.
          </p>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => void leave(me.queue?.battleType ?? 0)}
          >
            Leave the queue
          </button>
        </div>
      ) : null}
      {challenges.incoming.length + challenges.outgoing.length > 0 ? (
        <section className="card" style={{ marginTop: 16 }} aria-labelledby="challenges-title">
          <h2 id="challenges-title">Challenges</h2>
          <ul className="feed" data-testid="challenges">
            {challenges.incoming.map((c) => (
              <li key={c.challengeId}>
                <span>
                  <Link to="/viking/$id" params={{ id: c.other.characterId }}>
                    {c.other.name}
                  </Link>{' '}
                  challenges you to a {c.battleTypeName.toLowerCase()} battle with {c.veraIds.length} vera
                  {c.veraIds.length === 1 ? '' : 's'}.
                </span>
                <button
                  type="button"
                  className="primary"
                  disabled={busy || picked.length === 0 || Boolean(me?.queue) || Boolean(me?.activeBattleId)}
                  onClick={() => void answer(c.challengeId, true, `Accepting ${c.other.name}'s challenge`)}
                >
                  Accept with your arsenal
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() => void answer(c.challengeId, false, `Declining ${c.other.name}'s challenge`)}
                >
                  Decline
                </button>
              </li>
            ))}
            {challenges.outgoing.map((c) => (
              <li key={c.challengeId}>
                <span>
                  You challenged{' '}
                  <Link to="/viking/$id" params={{ id: c.other.characterId }}>
                    {c.other.name}
                  </Link>{' '}
                  ({c.battleTypeName}); waiting for an answer.
                </span>
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() => void answer(c.challengeId, false, 'Withdrawing the challenge')}
                >
                  Withdraw
                </button>
              </li>
            ))}
          </ul>
          {challenges.incoming.length > 0 && picked.length === 0 ? (
            <p className="muted">Pick your arsenal below to accept.</p>
          ) : null}
        </section>
      ) : null}
      {!me?.queue && !me?.activeBattleId ? (
        <div className="card" style={{ marginTop: 16 }}>
          <h2>Your arsenal</h2>
          <p className="muted">
            Choose up to {MAX_ARSENAL_VERAS} veras. In battle each one attacks, defends or uses its abilities.
          </p>
          {profile.isSuccess && veras.length === 0 ? (
            <p>
              You have no veras yet. <Link to="/start">Go on an encounter</Link> first.
            </p>
          ) : null}
          <div className="grid">
            {veras.map((v) => (
              <ArsenalCard key={v.id} vera={v} picked={picked.includes(v.id)} onToggle={() => toggle(v.id)} />
            ))}
          </div>
          <div className="row" style={{ marginTop: 16 }}>
            <label>
              Battle type
              <select
                value={chosenType ?? ''}
                onChange={(e) => setBattleType(Number(e.target.value))}
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
              onClick={() => void enter()}
            >
              Enter the queue
            </button>
            {picked.length === 0 ? <span className="muted">Pick at least one vera.</span> : null}
          </div>
          {challenges.outgoing.length === 0 ? (
            <div style={{ marginTop: 16 }}>
              <VikingSearch
                label="Or challenge a friend by name"
                busy={busy || picked.length === 0 || chosenType === undefined}
                exclude={(v) => v.characterId === characterId}
                actionLabel={(v) => `Challenge ${v.name}`}
                onPick={(v) => void challenge(v.characterId, v.name)}
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

type ActiveBattleData = NonNullable<NonNullable<ArenaData['me']>['activeBattle']>;

/** The battle the player is in: whose move it is, the turn's clock, and the claim once it ran out. */
function ActiveBattle({ battle }: { battle: ActiveBattleData }) {
  const now = useChainNow();
  const config = useAppConfig();
  const transact = useTransactor();
  const [busy, setBusy] = useState(false);
  const left =
    now === undefined || battle.deadline === null ? undefined : Math.max(0, Math.ceil(battle.deadline - now));
  const over = left === 0;
  const canClaim = over && battle.submitted && !battle.opponentSubmitted;
  const claim = async () => {
    const action = findGameAction('battle-claim');
    if (!action) return;
    const args = { battleId: BigInt(battle.battleId) };
    setBusy(true);
    await transact(
      action.toastLabel(args),
      { ...action.toCall(config, args), gas: RESOLVE_BATTLE_GAS },
      { invalidate: [['arena'], ['battle', battle.battleId]] },
    );
    setBusy(false);
  };
  return (
    <div className="card" role="status" data-testid="active-battle">
      <p>
        <strong>You are in battle #{battle.battleId}.</strong>{' '}
        {!battle.submitted
          ? 'It waits for your actions.'
          : battle.opponentSubmitted
            ? 'Both sides have submitted; it is being resolved.'
            : 'Your actions are in; waiting for your opponent.'}{' '}
        {left === undefined
          ? null
          : over
            ? canClaim
              ? 'Your opponent let the turn run out: the win is yours to claim.'
              : 'The turn is over.'
            : `The turn ends in ${left} s.`}
      </p>
      <div className="row">
        <Link to="/battle/$id" params={{ id: battle.battleId }} className="button">
          Go to the battle
        </Link>
        {canClaim ? (
          <button type="button" className="primary" disabled={busy} onClick={() => void claim()}>
            {busy ? 'Sending…' : 'Claim the win'}
          </button>
        ) : null}
      </div>
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
          level {vera.level} · total {statTotal(vera, vera.subRune)} · str {vera.effective.strength} · vit{' '}
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

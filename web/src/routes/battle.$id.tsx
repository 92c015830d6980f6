/**
 * One battle: both sides with their veras, the actions each submitted, the result and each side's elo change.
 * A participant whose side has not acted yet picks an action per vera (or surrenders it) here. The turn has a
 * deadline (block time): the page counts down to it, and once it passes offers the side that submitted to claim
 * the win from a silent opponent. The page follows the battle live: every battle event refreshes it.
 */
import { actionScore, BATTLE_ACTIONS, BattleOutcome, getSpecies, type StatKey } from '@skald/game';
import type { BattleDetail, BattleSide } from '@skald/wire/rest';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { battleQueryOptions } from '../api/queries.ts';
import { ArtImage } from '../art/art-image.tsx';
import { artPath } from '../art/paths.ts';
import { call } from '../lib/contracts.ts';
import { utcDate } from '../lib/format.ts';
import { useAppConfig, usePlayer } from '../lib/hooks.ts';
import { orNotFound } from '../lib/load.ts';
import { useChainNow } from '../lib/use-chain-now.ts';
import { useLiveView } from '../live/use-live-view.ts';
import { findGameAction } from '../tx/actions.ts';
import { RESOLVE_BATTLE_GAS } from '../tx/gas.ts';
import { useTransactor } from '../tx/use-transactor.ts';

export const Route = createFileRoute('/battle/$id')({
  loader: ({ context, params }) =>
    orNotFound(params.id, () =>
      context.queryClient.ensureQueryData(battleQueryOptions(context.api, params.id)),
    ),
  head: ({ loaderData }) => ({
    meta: [
      {
        title: loaderData
          ? `${loaderData.sides[0]?.name} vs ${loaderData.sides[1]?.name} · battle #${loaderData.id} · Skald`
          : 'Battle · Skald',
      },
    ],
  }),
  component: BattlePage,
});

const BATTLES = { topics: ['battle' as const], confirmedOnly: true };

/**
 * The battle follows the stream: a battle event of either side refetches it. The answer carries no cursor, so
 * it is read once more when the subscription is acknowledged: that read and the events after it miss nothing.
 */
function useBattleFollow(battle: BattleDetail) {
  const queryClient = useQueryClient();
  const sides = new Set(battle.sides.map((s) => s.characterId));
  const refetch = () => void queryClient.invalidateQueries({ queryKey: ['battle', battle.id] });
  useLiveView({
    request: BATTLES,
    keep: 0,
    onLive: refetch,
    onConfirmed: (events) => {
      const ours = (id?: string) => id !== undefined && sides.has(id);
      if (events.some((e) => ours(e.characterId) || ours(e.otherCharacterId))) refetch();
    },
    onRetracted: refetch,
  });
}

function resultText(battle: BattleDetail): string {
  if (battle.status !== 'resolved') return 'In progress';
  if (battle.result === BattleOutcome.tie) return 'A tie';
  const winner = battle.sides[battle.result === BattleOutcome.aWon ? 0 : 1];
  return `${winner?.name ?? 'Unknown'} won${battle.endReason === 'timeout' ? ' by timeout' : ''}`;
}

/** Who let the turn run out, in words: "Astrid did not submit in time." */
function forfeitText(battle: BattleDetail): string | null {
  if (battle.endReason !== 'timeout' || battle.forfeited === null) return null;
  const names = battle.sides
    .filter((s) => battle.forfeited === 'both' || battle.forfeited === s.side)
    .map((s) => s.name || `viking #${s.characterId}`);
  return `${names.join(' and ')} did not submit in time.`;
}

function BattlePage() {
  const { id } = Route.useParams();
  const { api } = Route.useRouteContext();
  const player = usePlayer();
  const { data: battle } = useSuspenseQuery(battleQueryOptions(api, id));
  const mine = battle.sides.find((s) => s.characterId === player.characterId);
  useBattleFollow(battle);
  return (
    <article>
      <h1>
        Battle #{battle.id} <span className="muted">· {battle.battleTypeName}</span>
      </h1>
      <p className="muted">
        Started {utcDate(battle.startedAt)}
        {battle.resolvedAt ? ` · resolved ${utcDate(battle.resolvedAt)}` : ''}
      </p>
      <p role="status" data-testid="battle-result" className="battle-result">
        <strong>{resultText(battle)}</strong>
        {forfeitText(battle) ? <span className="muted"> · {forfeitText(battle)}</span> : null}
      </p>
      <TurnPanel battle={battle} mine={mine} />
      <div className="grid battle-sides">
        {battle.sides.map((side) => (
          <SideCard key={side.side} side={side} battle={battle} isMe={side === mine} />
        ))}
      </div>
      {mine && battle.status === 'started' && !mine.submitted ? (
        <ActionPicker battle={battle} side={mine} />
      ) : null}
      {mine && battle.status === 'started' && mine.submitted ? (
        <p className="card" role="status">
          Your actions are in. The battle resolves as soon as your opponent submits theirs.
        </p>
      ) : null}
    </article>
  );
}

function eloLine(side: BattleSide): string | null {
  if (!side.elo) return null;
  const delta = side.elo.after - side.elo.before;
  return `Elo ${side.elo.before} → ${side.elo.after} (${delta >= 0 ? '+' : ''}${delta})`;
}

function SideCard({ side, battle, isMe }: { side: BattleSide; battle: BattleDetail; isMe: boolean }) {
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

function countdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

/** The turn's clock while the battle runs, and the claim once it has run out. */
function TurnPanel({ battle, mine }: { battle: BattleDetail; mine: BattleSide | undefined }) {
  const now = useChainNow();
  const config = useAppConfig();
  const transact = useTransactor();
  const [busy, setBusy] = useState(false);
  if (battle.status !== 'started' || battle.deadline === null) return null;
  const other = battle.sides.find((s) => s !== mine);
  const left = now === undefined ? undefined : Math.max(0, Math.ceil(battle.deadline - now));
  const over = left === 0;
  const canClaim = over && mine?.submitted === true && other !== undefined && !other.submitted;

  const claim = async () => {
    const action = findGameAction('battle-claim');
    if (!action) return;
    const args = { battleId: BigInt(battle.id) };
    setBusy(true);
    await transact(
      action.toastLabel(args),
      { ...action.toCall(config, args), gas: RESOLVE_BATTLE_GAS },
      { invalidate: [['battle', battle.id], ['arena']] },
    );
    setBusy(false);
  };

  return (
    <div className="card" data-testid="battle-turn" style={{ marginBottom: 16 }}>
      {left === undefined ? (
        <p>Turn ends at {utcDate(battle.deadline)}.</p>
      ) : over ? (
        <p>
          <strong>The turn is over.</strong>{' '}
          {canClaim
            ? `${other?.name || 'Your opponent'} did not submit in time: the win is yours to claim.`
            : mine && !mine.submitted
              ? 'Submit now: your actions still count until someone ends the battle.'
              : 'Either side may now end the battle; a side that has not submitted forfeits.'}
        </p>
      ) : (
        <p>
          Turn ends in <strong data-testid="turn-countdown">{countdown(left)}</strong>. A side that has not
          submitted by then forfeits.
        </p>
      )}
      {canClaim ? (
        <button type="button" className="primary" disabled={busy} onClick={() => void claim()}>
          {busy ? 'Sending…' : 'Claim the win'}
        </button>
      ) : null}
    </div>
  );
}

function ActionPicker({ battle, side }: { battle: BattleDetail; side: BattleSide }) {
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

import type { Arena as ArenaData } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAppConfig } from '../../../lib/hooks.ts';
import { useChainNow } from '../../../lib/use-chain-now.ts';
import { findGameAction } from '../../../tx/actions.ts';
import { RESOLVE_BATTLE_GAS } from '../../../tx/gas.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';

type Me = ArenaData['me'];
type ActiveBattleData = NonNullable<NonNullable<Me>['activeBattle']>;

/** The battle the player is in, if any: with its state when the arena read has it, else a link to it. */
export function BattleInProgress({ me }: { me: Me | undefined }) {
  return me?.activeBattle ? (
    <ActiveBattle battle={me.activeBattle} />
  ) : me?.activeBattleId ? (
    <div className="card" role="status">
      <strong>You are in battle #{me.activeBattleId}.</strong>{' '}
      <Link to="/battle/$id" params={{ id: me.activeBattleId }} className="button">
        Go to the battle
      </Link>
    </div>
  ) : null;
}

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

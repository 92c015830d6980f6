import type { BattleDetail, BattleSide } from '@skald/wire/rest';
import { useState } from 'react';
import { utcDate } from '../../../lib/format.ts';
import { useAppConfig } from '../../../lib/hooks.ts';
import { useChainNow } from '../../../lib/use-chain-now.ts';
import { findGameAction } from '../../../tx/actions.ts';
import { RESOLVE_BATTLE_GAS } from '../../../tx/gas.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';

function countdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

/** The turn's clock while the battle runs, and the claim once it has run out. */
export function TurnPanel({ battle, mine }: { battle: BattleDetail; mine: BattleSide | undefined }) {
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

import type { BattleDetail, BattleSide } from '@skald/wire/rest';
import { utcDate } from '../../../lib/format.ts';
import { ClaimButton, useBattleClaim } from '../battle-claim.tsx';

function countdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

/** The turn's clock while the battle runs, and the claim once it has run out. */
export function TurnPanel({ battle, mine }: { battle: BattleDetail; mine: BattleSide | undefined }) {
  const { left, busy, claim } = useBattleClaim(battle.id, battle.deadline);
  if (battle.status !== 'started' || battle.deadline === null) return null;
  const other = battle.sides.find((s) => s !== mine);
  const over = left === 0;
  const canClaim = over && mine?.submitted === true && other !== undefined && !other.submitted;

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
      {canClaim ? <ClaimButton busy={busy} claim={claim} /> : null}
    </div>
  );
}

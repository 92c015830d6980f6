import type { Arena as ArenaData } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';
import { ClaimButton, useBattleClaim } from '../battle-claim.tsx';

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
  const { left, busy, claim } = useBattleClaim(battle.battleId, battle.deadline);
  const over = left === 0;
  const canClaim = over && battle.submitted && !battle.opponentSubmitted;
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
        {canClaim ? <ClaimButton busy={busy} claim={claim} /> : null}
      </div>
    </div>
  );
}

import type { Arena as ArenaData } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';

type Me = NonNullable<ArenaData['me']>;

/** Challenges sent to the player (accept with the picked arsenal, or decline) and by them (withdraw). */
export function Challenges({
  challenges,
  me,
  picked,
  busy,
  onAnswer,
}: {
  challenges: Me['challenges'];
  me: Me | null | undefined;
  picked: string[];
  busy: boolean;
  onAnswer: (challengeId: string, accept: boolean, label: string) => void;
}) {
  return (
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
              onClick={() => onAnswer(c.challengeId, true, `Accepting ${c.other.name}'s challenge`)}
            >
              Accept with your arsenal
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => onAnswer(c.challengeId, false, `Declining ${c.other.name}'s challenge`)}
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
              onClick={() => onAnswer(c.challengeId, false, 'Withdrawing the challenge')}
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
  );
}

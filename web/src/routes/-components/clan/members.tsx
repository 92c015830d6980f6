import { CLAN_RANK_LABELS, codeLabel } from '@skald/game';
import type { ClanDetail } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';
import { number } from '../../../lib/format.ts';

type Member = ClanDetail['members'][number];

/** The members with rank and points; a higher rank may kick a lower one. */
export function Members({
  members,
  me,
  onKick,
}: {
  members: Member[];
  me: Member | undefined;
  onKick: (characterId: string) => void;
}) {
  return (
    <>
      <h2>Members</h2>
      <table>
        <thead>
          <tr>
            <th>Viking</th>
            <th>Rank</th>
            <th>Points</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.characterId}>
              <td>
                <Link to="/viking/$id" params={{ id: m.characterId }}>
                  {m.name || `viking #${m.characterId}`}
                </Link>
              </td>
              <td>{codeLabel(CLAN_RANK_LABELS, m.rank)}</td>
              <td>{number(m.points)}</td>
              <td>
                {me && me.rank > m.rank && m.characterId !== me.characterId ? (
                  <button type="button" className="secondary" onClick={() => onKick(m.characterId)}>
                    Kick
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

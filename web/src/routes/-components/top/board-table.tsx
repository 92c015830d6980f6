import type { LeaderboardRow } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';

/** The board's rows: rank (with how far it moved), viking with a link to their chart, elo, battles. */
export function BoardTable({
  rows,
  moves,
  focus,
}: {
  rows: LeaderboardRow[];
  moves: Map<string, number>;
  focus: string | undefined;
}) {
  return (
    <table>
      <thead>
        <tr>
          <th>Rank</th>
          <th>Viking</th>
          <th>Elo</th>
          <th>Battles</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const move = moves.get(row.characterId);
          return (
            <tr key={row.characterId} aria-current={row.characterId === focus ? 'true' : undefined}>
              <td>
                {row.rank}
                {move ? <span className="muted"> {move > 0 ? `▲${move}` : `▼${-move}`}</span> : null}
              </td>
              <td>
                <Link to="/viking/$id" params={{ id: row.characterId }}>
                  {row.clanTag ? `[${row.clanTag}] ` : ''}
                  {row.name || `viking #${row.characterId}`}
                </Link>{' '}
                <Link
                  to="/top"
                  search={(s) => ({ ...s, player: row.characterId })}
                  className="muted"
                  title={`Elo chart of ${row.name || `viking #${row.characterId}`}`}
                >
                  chart
                </Link>
              </td>
              <td>{row.elo}</td>
              <td>{row.battles}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

import { BATTLE_TYPE_LABELS, BattleType } from '@skald/game';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { eloHistoryQueryOptions, leaderboardQueryOptions } from '../api/queries.ts';
import { EloChart } from '../components/elo-chart.tsx';

const TYPES = Object.values(BattleType);

export const Route = createFileRoute('/top')({
  validateSearch: (search: Record<string, unknown>): { type?: number; player?: string } => {
    const type = Number(search.type);
    const player =
      typeof search.player === 'string' && /^\d+$/.test(search.player) ? search.player : undefined;
    return { type: TYPES.includes(type as BattleType) ? type : undefined, player };
  },
  loaderDeps: ({ search }) => ({ type: search.type ?? BattleType.ranked }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(leaderboardQueryOptions(context.api, deps.type)),
  head: () => ({ meta: [{ title: 'Top · Skald' }] }),
  component: TopPage,
});

function TopPage() {
  const search = Route.useSearch();
  const type = search.type ?? BattleType.ranked;
  const player = search.player;
  const { api } = Route.useRouteContext();
  const board = useQuery(leaderboardQueryOptions(api, type));
  const previous = useRef(new Map<string, number>());
  const rows = board.data?.items ?? [];
  const focus = player ?? rows[0]?.characterId;
  const history = useQuery({
    ...eloHistoryQueryOptions(api, focus ?? '0', type),
    enabled: focus !== undefined,
  });

  // live rank moves: LiveCache refetches the board on every battle event; rows show how far they moved
  const moves = new Map<string, number>();
  for (const row of rows) {
    const before = previous.current.get(row.characterId);
    if (before !== undefined && before !== row.rank) moves.set(row.characterId, before - row.rank);
  }
  useEffect(() => {
    previous.current = new Map(rows.map((r) => [r.characterId, r.rank]));
  });

  return (
    <section>
      <h1>Top</h1>
      <fieldset className="tabs">
        <legend className="sr-only">Battle type</legend>
        {TYPES.map((t) => (
          <Link
            key={t}
            to="/top"
            search={{ type: t }}
            // active by the type shown, so the default (no ?type) highlights Ranked too
            className={t === type ? 'magnetic active' : 'magnetic'}
            aria-current={t === type ? 'page' : undefined}
            activeOptions={{ exact: true, includeSearch: true }}
          >
            {BATTLE_TYPE_LABELS[t]}
          </Link>
        ))}
      </fieldset>
      {focus ? (
        <div className="card" style={{ marginBottom: 16 }}>
          <h2>Elo history · {rows.find((r) => r.characterId === focus)?.name ?? `viking #${focus}`}</h2>
          <EloChart points={history.data ?? []} label="Elo after each battle" />
        </div>
      ) : null}
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
              <tr key={row.characterId}>
                <td>
                  {row.rank}
                  {move ? <span className="muted"> {move > 0 ? `▲${move}` : `▼${-move}`}</span> : null}
                </td>
                <td>
                  <Link to="/viking/$id" params={{ id: row.characterId }}>
                    {row.clanTag ? `[${row.clanTag}] ` : ''}
                    {row.name}
                  </Link>{' '}
                  <Link to="/top" search={{ type, player: row.characterId }} className="muted">
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
      {rows.length === 0 ? <p className="muted">No rated battles yet for this type.</p> : null}
    </section>
  );
}

import { BATTLE_TYPE_LABELS, BattleType, codeLabel, isId } from '@skald/game';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { eloHistoryQueryOptions, LEADERBOARD_PAGE, leaderboardQueryOptions } from '../api/queries.ts';
import { EloChart } from '../components/elo-chart.tsx';
import { useLiveView } from '../live/use-live-view.ts';

const TYPES = Object.values(BattleType);
const BATTLES = { topics: ['battle' as const], confirmedOnly: true };

type TopSearch = { type?: number; player?: string; page?: number; name?: string };

/** Search params as typed in the address bar: `?player=3` arrives as the number 3, `?page=2` likewise. */
export function parseTopSearch(search: Record<string, unknown>): TopSearch {
  const type = Number(search.type);
  const player = String(search.player ?? '');
  const page = Number(search.page);
  const name = typeof search.name === 'string' ? search.name.trim().slice(0, 32) : '';
  return {
    type: TYPES.includes(type as BattleType) ? type : undefined,
    player: isId(player) ? player : undefined,
    page: Number.isInteger(page) && page > 1 && page <= 1000 ? page : undefined,
    name: name || undefined,
  };
}

export const Route = createFileRoute('/top')({
  validateSearch: parseTopSearch,
  loaderDeps: ({ search }) => ({
    type: search.type ?? BattleType.ranked,
    page: search.page ?? 1,
    name: search.name ?? '',
    player: search.player,
  }),
  // the board and the chart of the viking in focus come with the page: the chart does not push the table down
  loader: async ({ context, deps }) => {
    const board = await context.queryClient.ensureQueryData(
      leaderboardQueryOptions(context.api, deps.type, deps.page, deps.name),
    );
    const focus = deps.player ?? board.items[0]?.characterId;
    if (focus !== undefined) {
      await context.queryClient
        .ensureQueryData(eloHistoryQueryOptions(context.api, focus, deps.type))
        .catch(() => undefined); // the chart's own query retries after hydration
    }
    return board;
  },
  head: () => ({
    meta: [
      { title: 'Top · Skald' },
      { name: 'description', content: 'The Skald leaderboard: every viking ranked by elo, per battle type.' },
    ],
  }),
  component: TopPage,
});

function TopPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/top' });
  const type = search.type ?? BattleType.ranked;
  const page = search.page ?? 1;
  const name = search.name ?? '';
  const player = search.player;
  const { api } = Route.useRouteContext();
  const board = useQuery({
    ...leaderboardQueryOptions(api, type, page, name),
    placeholderData: keepPreviousData,
  });
  const previous = useRef(new Map<string, number>());
  const rows = board.data?.items ?? [];
  const total = board.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEADERBOARD_PAGE));
  const focus = player ?? rows[0]?.characterId;
  const history = useQuery({
    ...eloHistoryQueryOptions(api, focus ?? '0', type),
    enabled: focus !== undefined,
  });
  const [typed, setTyped] = useState(name);
  useEffect(() => setTyped(name), [name]);

  // the board follows the stream from the cursor it was read at: a battle after that read refetches it
  const queryClient = useQueryClient();
  const refreshBoard = () => {
    void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
    void queryClient.invalidateQueries({ queryKey: ['elo-history'] });
  };
  useLiveView({
    request: BATTLES,
    from: board.data?.asOf,
    keep: 0,
    enabled: board.data !== undefined,
    onLive: () => {
      if (board.data?.asOf == null) void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
    },
    onConfirmed: () => refreshBoard(),
    onRetracted: () => refreshBoard(),
  });

  // live rank moves: rows show how far they moved since the last read
  const moves = new Map<string, number>();
  for (const row of rows) {
    const before = previous.current.get(row.characterId);
    if (before !== undefined && before !== row.rank) moves.set(row.characterId, before - row.rank);
  }
  useEffect(() => {
    previous.current = new Map(rows.map((r) => [r.characterId, r.rank]));
  });

  const focusName = rows.find((r) => r.characterId === focus)?.name;
  const first = (page - 1) * LEADERBOARD_PAGE + 1;

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
      <form
        className="pager"
        aria-label="Find a viking on the board"
        onSubmit={(event) => {
          event.preventDefault();
          void navigate({ search: (s) => ({ ...s, name: typed.trim() || undefined, page: undefined }) });
        }}
      >
        <label>
          Find a viking{' '}
          <input
            type="search"
            value={typed}
            maxLength={32}
            placeholder="name"
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" className="secondary">
          Search
        </button>
        {name ? (
          <Link to="/top" search={{ type }} className="muted">
            Clear
          </Link>
        ) : null}
      </form>
      {focus ? (
        <div className="card" style={{ marginBottom: 16 }}>
          <h2>Elo history · {focusName ?? `viking #${focus}`}</h2>
          <EloChart
            points={history.data ?? []}
            label={`Elo after each ${codeLabel(BATTLE_TYPE_LABELS, type) ?? ''} battle`}
          />
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
      {rows.length === 0 && total > 0 && page > pages ? (
        <p className="muted" role="status">
          Page {page} is past the end of this board ({total} {total === 1 ? 'viking' : 'vikings'}, {pages}{' '}
          {pages === 1 ? 'page' : 'pages'}).{' '}
          <Link to="/top" search={(s) => ({ ...s, page: pages > 1 ? pages : undefined })}>
            Go to the last page
          </Link>
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">
          {name ? `No viking named like “${name}” on this board.` : 'No rated battles yet for this type.'}
        </p>
      ) : null}
      {total > 0 && rows.length > 0 ? (
        <nav className="pager" aria-label="Leaderboard pages">
          <span className="muted">
            {first}–{first + rows.length - 1} of {total}
          </span>
          {page > 1 ? (
            <Link
              to="/top"
              search={(s) => ({ ...s, page: page - 1 > 1 ? page - 1 : undefined })}
              className="magnetic"
            >
              Previous
            </Link>
          ) : null}
          {page < pages ? (
            <Link to="/top" search={(s) => ({ ...s, page: page + 1 })} className="magnetic">
              Next
            </Link>
          ) : null}
          <span className="muted">
            page {page} of {pages}
          </span>
        </nav>
      ) : null}
    </section>
  );
}

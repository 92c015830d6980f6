import { BattleType, isId } from '@skald/game';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { eloHistoryQueryOptions, leaderboardQueryOptions } from '../api/queries.ts';
import { TYPES } from './-components/top/battle-types.ts';
import { BoardPager } from './-components/top/board-pager.tsx';
import { BoardTable } from './-components/top/board-table.tsx';
import { EloHistory } from './-components/top/elo-history.tsx';
import { NameSearch } from './-components/top/name-search.tsx';
import { TypeTabs } from './-components/top/type-tabs.tsx';
import { useBoard } from './-components/top/use-board.ts';

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
  const type = search.type ?? BattleType.ranked;
  const page = search.page ?? 1;
  const name = search.name ?? '';
  const player = search.player;
  const { api } = Route.useRouteContext();
  const { rows, total, pages, focus, history, moves } = useBoard(api, type, page, name, player);
  const [typed, setTyped] = useState(name);
  useEffect(() => setTyped(name), [name]);
  const focusName = rows.find((r) => r.characterId === focus)?.name;

  return (
    <section>
      <h1>Top</h1>
      <TypeTabs type={type} />
      <NameSearch type={type} name={name} typed={typed} setTyped={setTyped} />
      {focus ? <EloHistory focus={focus} focusName={focusName} points={history.data} type={type} /> : null}
      <BoardTable rows={rows} moves={moves} focus={focus} />
      <BoardPager rows={rows} total={total} page={page} pages={pages} name={name} />
    </section>
  );
}

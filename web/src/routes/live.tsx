import { parseActivityTypes } from '@skald/game';
import { createFileRoute } from '@tanstack/react-router';
import { liveHistoryQueryOptions } from '../api/queries.ts';
import type { LiveSearch } from '../live/feed.ts';
import { LiveFeed } from './-components/live-feed.tsx';

/** `?type=grant,battle`: the feed's filters as typed in the address bar, unknown types dropped. */
export function parseLiveSearch(search: Record<string, unknown>): LiveSearch {
  const types = parseActivityTypes(search.type);
  return types.length > 0 ? { type: types.join(',') } : {};
}

export const Route = createFileRoute('/live')({
  validateSearch: parseLiveSearch,
  loaderDeps: ({ search }) => ({ type: search.type }),
  // the newest rows of the selected types; a failed read leaves the feed to the live stream, not an error page
  loader: ({ context, deps }) =>
    context.queryClient.fetchQuery(liveHistoryQueryOptions(context.api, deps.type)).catch(() => null),
  head: () => ({ meta: [{ title: 'Live · Skald' }] }),
  component: LivePage,
});

function LivePage() {
  const search = Route.useSearch();
  const history = Route.useLoaderData();
  return (
    <section>
      <h1>Live</h1>
      <p className="muted">The whole game as it happens, straight from the chain.</p>
      <LiveFeed search={search} history={history} />
    </section>
  );
}

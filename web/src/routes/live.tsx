import { createFileRoute } from '@tanstack/react-router';
import { parseLiveSearch } from '../live/feed.ts';
import { liveHistoryQueryOptions } from '../live/history.ts';
import { LiveFeed } from './-components/live-feed.tsx';

export const Route = createFileRoute('/live')({
  // `?type=grant,battle`: the feed's filters, kept in the URL (unknown types are dropped)
  validateSearch: parseLiveSearch,
  loaderDeps: ({ search }) => ({ type: search.type }),
  loader: ({ context, deps }) =>
    // a failed read leaves the feed to the live stream rather than failing the page
    context.queryClient.prefetchQuery(liveHistoryQueryOptions(context.api, deps.type)),
  head: () => ({ meta: [{ title: 'Live · Skald' }] }),
  component: LivePage,
});

function LivePage() {
  const search = Route.useSearch();
  return (
    <section>
      <h1>Live</h1>
      <p className="muted">The whole game as it happens, straight from the chain.</p>
      <LiveFeed search={search} />
    </section>
  );
}

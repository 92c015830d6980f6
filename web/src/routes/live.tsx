import { createFileRoute } from '@tanstack/react-router';
import { LiveFeed } from './-components/live-feed.tsx';

export const Route = createFileRoute('/live')({
  head: () => ({ meta: [{ title: 'Live · Skald' }] }),
  component: LivePage,
});

function LivePage() {
  return (
    <section>
      <h1>Live</h1>
      <p className="muted">The whole game as it happens, straight from the chain.</p>
      <LiveFeed />
    </section>
  );
}

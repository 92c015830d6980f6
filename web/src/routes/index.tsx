import { createFileRoute } from '@tanstack/react-router';
import { activityQueryOptions, leaderboardQueryOptions } from '../api/queries.ts';
import { HomePage } from './-components/home.tsx';

export const Route = createFileRoute('/')({
  // the page's three panels come with the server's HTML: no fetch after hydration, nothing moves in
  loader: ({ context: { queryClient, api } }) =>
    Promise.all([
      queryClient.ensureQueryData(leaderboardQueryOptions(api, 1)),
      queryClient.ensureQueryData(activityQueryOptions(api)),
      queryClient.ensureQueryData(activityQueryOptions(api, { type: 'mint' })),
    ]).catch(() => undefined), // a panel whose read failed says so itself
  head: () => ({
    meta: [
      { title: 'Skald · the live saga of the game' },
      {
        name: 'description',
        content:
          'Skald: every battle, mint and trade of the Norse on-chain battle game, live. Vikings, veras, clans and the leaderboard.',
      },
    ],
  }),
  component: HomePage,
});

import { createFileRoute } from '@tanstack/react-router';
import { activityQueryOptions, HOME_MINTS, HOME_PULSE, leaderboardQueryOptions } from '../api/queries.ts';
import { HomePage } from './-components/home.tsx';

export const Route = createFileRoute('/')({
  // the page's three panels come with the server's HTML: no fetch after hydration, nothing moves in
  loader: ({ context: { queryClient, api } }) =>
    Promise.all([
      queryClient.ensureQueryData(leaderboardQueryOptions(api, 1)),
      queryClient.ensureQueryData(activityQueryOptions(api, HOME_PULSE)),
      queryClient.ensureQueryData(activityQueryOptions(api, HOME_MINTS)),
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

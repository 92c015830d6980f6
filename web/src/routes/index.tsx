import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from './-components/home.tsx';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Skald · the live saga of the game' }] }),
  component: HomePage,
});

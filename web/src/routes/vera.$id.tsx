import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { veraQueryOptions } from '../api/queries.ts';
import { orNotFound } from '../lib/load.ts';
import { VeraView } from './-components/vera-view.tsx';

export const Route = createFileRoute('/vera/$id')({
  loader: ({ context, params }) =>
    orNotFound(params.id, () =>
      context.queryClient.ensureQueryData(veraQueryOptions(context.api, params.id)),
    ),
  head: ({ params }) => ({
    meta: [
      { title: `Vera #${params.id} · Skald` },
      {
        name: 'description',
        content: `Vera #${params.id} of Skald: species, runes, stats, abilities and owner.`,
      },
    ],
  }),
  component: VeraPage,
});

function VeraPage() {
  const { id } = Route.useParams();
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(veraQueryOptions(api, id));
  return <VeraView record={data} />;
}

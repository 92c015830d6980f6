import { createFileRoute } from '@tanstack/react-router';
import { clanQueryOptions } from '../api/queries.ts';
import { orNotFound } from '../lib/load.ts';
import { ClanHeader } from './-components/clan/clan-header.tsx';
import { JoinRequests } from './-components/clan/join-requests.tsx';
import { Members } from './-components/clan/members.tsx';
import { Membership } from './-components/clan/membership.tsx';
import { useClan } from './-components/clan/use-clan.ts';

export const Route = createFileRoute('/clans/$id')({
  loader: ({ context, params }) =>
    orNotFound(params.id, () =>
      context.queryClient.ensureQueryData(clanQueryOptions(context.api, params.id)),
    ),
  head: ({ loaderData }) => ({
    meta: [
      { title: `${loaderData?.clan.name ?? 'Clan'} · Skald` },
      {
        name: 'description',
        content: `${loaderData?.clan.name ?? 'A clan'} of Skald: its members, ranks, points and wisp.`,
      },
    ],
  }),
  component: ClanPage,
});

function ClanPage() {
  const { id } = Route.useParams();
  const { api } = Route.useRouteContext();
  const c = useClan(api, id);
  return (
    <article>
      <ClanHeader clan={c.clan} />
      <Members members={c.data.members} me={c.me} onKick={c.kick} />
      <Membership
        id={id}
        me={c.me}
        myAsk={c.myAsk}
        inAnotherClan={c.inAnotherClan}
        canAsk={c.canAsk}
        busy={c.busy}
        act={c.act}
        onLeave={c.leave}
      />
      {c.canInvite ? (
        <JoinRequests
          id={id}
          data={c.data}
          clan={c.clan}
          asks={c.asks}
          requests={c.requests}
          invites={c.invites}
          busy={c.busy}
          act={c.act}
        />
      ) : null}
    </article>
  );
}

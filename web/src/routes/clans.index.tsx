import {
  CLAN_DESCRIPTION_MAX_BYTES,
  CLAN_NAME_BYTES,
  CLAN_STATUS_LABELS,
  CLAN_TAG_BYTES,
  codeLabel,
} from '@skald/game';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { clansQueryOptions } from '../api/queries.ts';
import { ActionForm } from '../components/forms/action-form.tsx';
import { textOf } from '../components/forms/values.ts';
import { call } from '../lib/contracts.ts';
import { number } from '../lib/format.ts';
import { useAppConfig, usePlayer } from '../lib/hooks.ts';

export const Route = createFileRoute('/clans/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(clansQueryOptions(context.api)),
  head: () => ({
    meta: [
      { title: 'Clans · Skald' },
      { name: 'description', content: 'The clans of Skald: their jarls, members, points and wisps.' },
    ],
  }),
  component: ClansPage,
});

function ClansPage() {
  const { api } = Route.useRouteContext();
  const config = useAppConfig();
  const player = usePlayer();
  const { data } = useSuspenseQuery(clansQueryOptions(api));
  return (
    <section>
      <h1>Clans</h1>
      <table>
        <thead>
          <tr>
            <th>Clan</th>
            <th>Status</th>
            <th>Members</th>
            <th>Points</th>
            <th>Wisp</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((clan) => (
            <tr key={clan.id}>
              <td>
                <Link to="/clans/$id" params={{ id: clan.id }}>
                  [{clan.tag}] {clan.name}
                </Link>
              </td>
              <td>{codeLabel(CLAN_STATUS_LABELS, clan.status)}</td>
              <td>{clan.memberCount}</td>
              <td>{number(clan.points)}</td>
              <td>level {clan.wisp.level}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.items.length === 0 ? <p className="muted">No clans yet: found the first.</p> : null}
      {player.characterId ? (
        <div className="card" style={{ marginTop: 24 }}>
          <ActionForm
            title="Found a clan"
            fields={[
              { name: 'name', label: 'Name', kind: 'text', maxLength: CLAN_NAME_BYTES.max },
              { name: 'tag', label: 'Tag', kind: 'text', maxLength: CLAN_TAG_BYTES.max },
              {
                name: 'description',
                label: 'Description',
                kind: 'text',
                maxLength: CLAN_DESCRIPTION_MAX_BYTES,
              },
            ]}
            submitLabel="Found clan"
            toastLabel="Founding the clan"
            build={(v) =>
              call(config, 'Clans', 'foundClan', [
                textOf(v, 'name'),
                textOf(v, 'tag'),
                textOf(v, 'description'),
              ])
            }
            invalidate={[['clans']]}
          />
        </div>
      ) : (
        <p className="muted">
          <Link to="/start">Create a viking</Link> (after connecting your wallet) to found or join a clan.
        </p>
      )}
    </section>
  );
}

import { CLAN_RANK_LABELS, CLAN_STATUS_LABELS, ClanRank, codeLabel } from '@skald/game';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { clanQueryOptions } from '../api/queries.ts';
import type { ClanEvent } from '../api/types.ts';
import { ActionForm } from '../components/forms/action-form.tsx';
import { call } from '../lib/contracts.ts';
import { number } from '../lib/format.ts';
import { useAppConfig, usePlayer } from '../lib/hooks.ts';
import { orNotFound } from '../lib/load.ts';
import { useTransactor } from '../tx/use-transactor.ts';

/** An invite is open when the latest invite-related event for this character is the invite itself. */
export function hasPendingInvite(events: ClanEvent[], characterId: string): boolean {
  const mine = events
    .filter(
      (e) =>
        e.characterId === characterId &&
        ['invite_sent', 'invite_declined', 'joined', 'left', 'kicked'].includes(e.kind),
    )
    .sort((a, b) => (BigInt(a.blockNumber) < BigInt(b.blockNumber) ? -1 : 1));
  return mine[mine.length - 1]?.kind === 'invite_sent';
}

export const Route = createFileRoute('/clans/$id')({
  loader: ({ context, params }) =>
    orNotFound(params.id, () =>
      context.queryClient.ensureQueryData(clanQueryOptions(context.api, params.id)),
    ),
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.clan.name ?? 'Clan'} · Skald` }] }),
  component: ClanPage,
});

function ClanPage() {
  const { id } = Route.useParams();
  const { api } = Route.useRouteContext();
  const config = useAppConfig();
  const player = usePlayer();
  const transact = useTransactor();
  const { data } = useSuspenseQuery(clanQueryOptions(api, id));
  const clan = data.clan;
  const me = data.members.find((m) => m.characterId === player.characterId);
  const invited = player.characterId !== undefined && hasPendingInvite(data.events, player.characterId);
  const canInvite = me !== undefined && me.rank >= ClanRank.officer;
  const invalidate = [['clan', id], ['clans']];
  const needed = Number(clan.wisp.experienceNeeded) || 1;
  return (
    <article>
      <h1>
        [{clan.tag}] {clan.name}
      </h1>
      <p className="muted">
        {codeLabel(CLAN_STATUS_LABELS, clan.status) ?? clan.statusName} · {number(clan.points)} points · jarl{' '}
        <Link to="/viking/$id" params={{ id: clan.jarl.characterId }}>
          {clan.jarl.name}
        </Link>
      </p>
      <p>{clan.description}</p>
      <div className="card" style={{ maxWidth: 420 }}>
        <strong>Wisp level {clan.wisp.level}</strong>
        <progress
          max={needed}
          value={Number(clan.wisp.experience)}
          aria-label="Wisp experience"
          style={{ width: '100%' }}
        />
        <span className="muted">
          {clan.wisp.experience} / {clan.wisp.experienceNeeded} experience
        </span>
      </div>
      <h2>Members</h2>
      <table>
        <thead>
          <tr>
            <th>Viking</th>
            <th>Rank</th>
            <th>Points</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {data.members.map((m) => (
            <tr key={m.characterId}>
              <td>
                <Link to="/viking/$id" params={{ id: m.characterId }}>
                  {m.name || `viking #${m.characterId}`}
                </Link>
              </td>
              <td>{codeLabel(CLAN_RANK_LABELS, m.rank)}</td>
              <td>{number(m.points)}</td>
              <td>
                {me && me.rank > m.rank && m.characterId !== me.characterId ? (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() =>
                      void transact(
                        'Kicking a member',
                        call(config, 'Clans', 'kickClanMember', [BigInt(id), BigInt(m.characterId)]),
                        { invalidate },
                      )
                    }
                  >
                    Kick
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row" style={{ marginTop: 16 }}>
        {invited ? (
          <button
            type="button"
            className="primary"
            onClick={() =>
              void transact('Joining the clan', call(config, 'Clans', 'acceptClanInvite', [BigInt(id)]), {
                invalidate,
              })
            }
          >
            Accept invitation
          </button>
        ) : null}
        {me ? (
          <button
            type="button"
            className="secondary"
            onClick={() =>
              void transact('Leaving the clan', call(config, 'Clans', 'leaveClan', []), { invalidate })
            }
          >
            Leave clan
          </button>
        ) : null}
      </div>
      {canInvite ? (
        <div className="card" style={{ marginTop: 16 }}>
          <ActionForm
            title="Invite a viking"
            fields={[{ name: 'characterId', label: 'Character id', kind: 'uint', min: 1n }]}
            submitLabel="Send invitation"
            toastLabel="Sending the invitation"
            build={(v) => call(config, 'Clans', 'sendClanInvite', [BigInt(id), v.characterId])}
            invalidate={invalidate}
          />
        </div>
      ) : null}
    </article>
  );
}

import { CLAN_RANK_LABELS, CLAN_STATUS_LABELS, ClanRank, ClanStatus, codeLabel } from '@skald/game';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  clanAsksQueryOptions,
  clanQueryOptions,
  vikingClanAsksQueryOptions,
  vikingQueryOptions,
} from '../api/queries.ts';
import { call, type WriteArgs, type WriteFunction } from '../lib/contracts.ts';
import { number } from '../lib/format.ts';
import { useAppConfig, usePlayer } from '../lib/hooks.ts';
import { orNotFound } from '../lib/load.ts';
import { useLiveView } from '../live/use-live-view.ts';
import { useTransactor } from '../tx/use-transactor.ts';
import { VikingSearch } from './-components/viking-search.tsx';

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
  const config = useAppConfig();
  const player = usePlayer();
  const transact = useTransactor();
  const { data } = useSuspenseQuery(clanQueryOptions(api, id));
  const clan = data.clan;
  // the clan follows the stream from the cursor it was read at: its events after that read refetch it
  const queryClient = useQueryClient();
  useLiveView({
    request: { topics: ['all'], clan: id, confirmedOnly: true },
    from: data.asOf,
    keep: 0,
    onLive: () => {
      if (data.asOf == null) void queryClient.invalidateQueries({ queryKey: ['clan', id] });
    },
    onConfirmed: () => void queryClient.invalidateQueries({ queryKey: ['clan', id] }),
    onRetracted: () => void queryClient.invalidateQueries({ queryKey: ['clan', id] }),
  });
  const me = data.members.find((m) => m.characterId === player.characterId);
  const myAsks = useQuery({
    ...vikingClanAsksQueryOptions(api, player.characterId ?? '0'),
    enabled: player.characterId !== undefined,
  });
  const myAsk = myAsks.data?.items.find((a) => a.clanId === id);
  const inAnotherClan = useQuery({
    ...vikingQueryOptions(api, player.characterId ?? '0'),
    enabled: player.characterId !== undefined && !me,
  }).data?.clan;
  const canInvite = me !== undefined && me.rank >= ClanRank.officer;
  const asks = useQuery({ ...clanAsksQueryOptions(api, id), enabled: canInvite });
  const requests = (asks.data?.items ?? []).filter((a) => a.kind === 'request');
  const invites = (asks.data?.items ?? []).filter((a) => a.kind === 'invite');
  const invalidate = [['clan', id], ['clans'], ['viking', player.characterId ?? '0']];
  const [busy, setBusy] = useState(false);
  const act = async <F extends WriteFunction<'Clans'>>(label: string, fn: F, args: WriteArgs<'Clans', F>) => {
    setBusy(true);
    await transact(label, call(config, 'Clans', fn, args), { invalidate });
    setBusy(false);
  };
  const canAsk =
    player.characterId !== undefined && !me && !myAsk && !inAnotherClan && clan.status === ClanStatus.active;
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
        {myAsk?.kind === 'invite' ? (
          <>
            <span>You are invited to join.</span>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void act('Joining the clan', 'acceptClanInvite', [BigInt(id)])}
            >
              Accept invitation
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => void act('Declining the invitation', 'declineClanInvite', [BigInt(id)])}
            >
              Decline invitation
            </button>
          </>
        ) : null}
        {myAsk?.kind === 'request' ? (
          <>
            <span role="status">You asked to join; the jarl or an officer will answer.</span>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => void act('Withdrawing the request', 'withdrawJoinRequest', [BigInt(id)])}
            >
              Withdraw request
            </button>
          </>
        ) : null}
        {canAsk ? (
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => void act('Asking to join', 'requestToJoinClan', [BigInt(id)])}
          >
            Ask to join
          </button>
        ) : null}
        {!me && inAnotherClan ? (
          <span className="muted">
            You are in [{inAnotherClan.tag}] {inAnotherClan.name}; leave it to join another clan.
          </span>
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
        <section className="card" style={{ marginTop: 16 }} aria-labelledby="requests-title">
          <h2 id="requests-title">Requests to join</h2>
          <ul className="feed" data-testid="join-requests">
            {requests.map((r) => (
              <li key={r.characterId}>
                <Link to="/viking/$id" params={{ id: r.characterId }}>
                  {r.name || `viking #${r.characterId}`}
                </Link>
                <button
                  type="button"
                  className="primary"
                  disabled={busy}
                  onClick={() =>
                    void act(`Accepting ${r.name}`, 'acceptJoinRequest', [BigInt(id), BigInt(r.characterId)])
                  }
                >
                  Accept
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() =>
                    void act(`Declining ${r.name}`, 'declineJoinRequest', [BigInt(id), BigInt(r.characterId)])
                  }
                >
                  Decline
                </button>
              </li>
            ))}
            {asks.isSuccess && requests.length === 0 ? <li className="muted">No open requests.</li> : null}
          </ul>
          {invites.length > 0 ? (
            <p className="muted">Invited, waiting for an answer: {invites.map((i) => i.name).join(', ')}</p>
          ) : null}
          {clan.status === ClanStatus.active ? (
            <VikingSearch
              label="Invite a viking by name"
              busy={busy}
              exclude={(v) =>
                data.members.some((m) => m.characterId === v.characterId) ||
                (asks.data?.items ?? []).some((a) => a.characterId === v.characterId)
              }
              actionLabel={(v) => `Invite ${v.name}`}
              onPick={(v) =>
                void act('Sending the invitation', 'sendClanInvite', [BigInt(id), BigInt(v.characterId)])
              }
            />
          ) : (
            <p className="muted">An admin must approve the clan before it can invite.</p>
          )}
        </section>
      ) : null}
    </article>
  );
}

import { ClanStatus } from '@skald/game';
import { Link } from '@tanstack/react-router';
import { VikingSearch } from '../viking-search.tsx';
import type { ClanState } from './use-clan.ts';

/** For the jarl and officers: requests to answer, invitations waiting, and a viking to invite by name. */
export function JoinRequests({
  id,
  data,
  clan,
  asks,
  requests,
  invites,
  busy,
  act,
}: Pick<ClanState, 'data' | 'clan' | 'asks' | 'requests' | 'invites' | 'busy' | 'act'> & { id: string }) {
  return (
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
  );
}

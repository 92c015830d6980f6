import type { ClanState } from './use-clan.ts';

/** The player's way in or out: answer an invitation, withdraw a request, ask to join, or leave. */
export function Membership({
  id,
  me,
  myAsk,
  inAnotherClan,
  canAsk,
  busy,
  act,
  onLeave,
}: Pick<ClanState, 'me' | 'myAsk' | 'inAnotherClan' | 'canAsk' | 'busy' | 'act'> & {
  id: string;
  onLeave: () => void;
}) {
  return (
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
        <button type="button" className="secondary" onClick={onLeave}>
          Leave clan
        </button>
      ) : null}
    </div>
  );
}

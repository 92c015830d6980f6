/**
 * Who is signed in: every unexpired sign-in session (all gateways share the store), newest first, with Revoke.
 * A revoked session's cookie stops working on its next request; revoking your own signs you out.
 */
import type { AdminSession } from '@skald/wire/rest';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { relativeTime, shortAddress, utcDate } from '../../../lib/format.ts';
import { useApi } from '../../../lib/hooks.ts';

const SESSIONS_KEY = ['admin-sessions'] as const;

export function SignedInSessions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api.call('adminSessions'),
    staleTime: 5_000,
  });
  const revoke = useMutation({
    mutationFn: (session: AdminSession) => api.call('adminRevokeSession', { params: { id: session.id } }),
    onSuccess: async (_, session) => {
      toast.success(`Session of ${shortAddress(session.address)} ended`);
      if (session.current) window.location.assign('/login?next=/admin');
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: async (error) => {
      toast.error(`The session could not be ended: ${error.message}`);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });

  const data = sessions.data;
  return (
    <section className="card" aria-labelledby="signed-in-sessions">
      <h2 id="signed-in-sessions">
        Signed in{data ? `: ${data.count} ${data.count === 1 ? 'session' : 'sessions'}` : ''}
      </h2>
      {sessions.isError ? <p role="alert">Sessions could not be loaded: {sessions.error.message}</p> : null}
      {sessions.isPending ? <p className="muted">Loading…</p> : null}
      {data && data.items.length === 0 ? <p className="muted">Nobody is signed in.</p> : null}
      {data && data.items.length > 0 ? (
        <>
          <ul className="feed">
            {data.items.map((session) => (
              <li key={session.id} style={{ overflowWrap: 'anywhere' }}>
                <strong title={session.address}>{shortAddress(session.address)}</strong>{' '}
                {session.admin ? <span className="pill">admin</span> : null}{' '}
                {session.current ? <span className="pill">you</span> : null}{' '}
                <span className="muted" title={utcDate(session.createdAt)}>
                  signed in {relativeTime(session.createdAt)}, ends {utcDate(session.expiresAt)}
                </span>{' '}
                <button
                  type="button"
                  disabled={revoke.isPending}
                  aria-label={`Revoke the session of ${session.address}${session.current ? ' (yours)' : ''}`}
                  onClick={() => revoke.mutate(session)}
                >
                  Revoke
                </button>
                <br />
                <small className="muted">{session.userAgent ?? 'unknown browser'}</small>
              </li>
            ))}
          </ul>
          {data.count > data.items.length ? (
            <p className="muted">
              Showing the newest {data.items.length} of {data.count}.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

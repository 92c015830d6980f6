import { ADMIN_GRANT_KIND_LABELS, codeLabel } from '@skald/game';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { adminGrantsQueryOptions } from '../../api/queries.ts';
import { shortAddress, utcDate } from '../../lib/format.ts';

export const Route = createFileRoute('/admin/')({
  head: () => ({ meta: [{ title: 'Admin · Skald' }] }),
  component: AdminHome,
});

function AdminHome() {
  const { api } = Route.useRouteContext();
  const grants = useQuery(adminGrantsQueryOptions(api));
  return (
    <section>
      <h1>Admin</h1>
      <h2>Grant audit</h2>
      {grants.isError ? (
        <p role="alert">The grant audit could not be loaded: {grants.error.message}</p>
      ) : null}
      <table>
        <thead>
          <tr>
            <th>When</th>
            <th>Admin</th>
            <th>Kind</th>
            <th>Target</th>
            <th>Subject</th>
            <th>Amount</th>
          </tr>
        </thead>
        <tbody>
          {(grants.data?.items ?? []).map((g) => (
            <tr key={g.id}>
              <td>{utcDate(g.timestamp)}</td>
              <td>{shortAddress(g.admin)}</td>
              <td>{g.kindName ?? codeLabel(ADMIN_GRANT_KIND_LABELS, g.kind) ?? g.kind}</td>
              <td>{g.target}</td>
              <td>{g.subjectId}</td>
              <td>{g.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {grants.data && grants.data.items.length === 0 ? <p className="muted">No grants yet.</p> : null}
    </section>
  );
}

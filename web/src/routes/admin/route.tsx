/**
 * Every /admin page sits under this guard. The gateway already refuses non-admins before rendering; this
 * checks the session it handed over again (defence in depth): no session goes to /login, a player gets 403.
 */
import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../../api/queries.ts';
import { StatusPage } from '../../components/errors/status-page.tsx';
import { ADMIN_SPECS } from './-components/specs.ts';

export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions(context.api));
    if (!session) throw redirect({ to: '/login', search: { next: location.href } });
    return { forbidden: !session.isAdmin };
  },
  component: AdminLayout,
});

function AdminLayout() {
  const { forbidden } = Route.useRouteContext();
  if (forbidden) {
    return <StatusPage status={403} description="This page is for the game’s administrators." />;
  }
  return (
    <div className="row" style={{ alignItems: 'flex-start', gap: 32 }}>
      <nav aria-label="Admin" className="card" style={{ minWidth: 220 }}>
        <ul className="feed">
          <li>
            <Link to="/admin" activeOptions={{ exact: true }}>
              Overview
            </Link>
          </li>
          {Object.values(ADMIN_SPECS).map((spec) => (
            <li key={spec.path}>
              <Link to={spec.path}>{spec.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <div style={{ flex: 1, minWidth: 280 }}>
        <Outlet />
      </div>
    </div>
  );
}

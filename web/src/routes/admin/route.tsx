/**
 * Every /admin page sits under this guard. The gateway already refuses non-admins before rendering; this
 * checks the session it handed over again (defence in depth): no session goes to /login, a player gets 403.
 */
import { createFileRoute, Link, Outlet, redirect, useNavigate, useRouterState } from '@tanstack/react-router';
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

/** Every admin page: the overview, then one per action. */
const PAGES = [
  { path: '/admin', title: 'Overview' },
  ...Object.values(ADMIN_SPECS).map((spec) => ({ path: spec.path, title: spec.title })),
];

function AdminLayout() {
  const { forbidden } = Route.useRouteContext();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (forbidden) {
    return <StatusPage status={403} description="This page is for the game’s administrators." />;
  }
  const current = PAGES.find((p) => p.path === pathname.replace(/(.)\/$/, '$1'));
  return (
    <div className="row admin-layout" style={{ alignItems: 'flex-start', gap: 32 }}>
      {/* on a phone the menu is one line (the page's form comes first); the list is for wider screens */}
      <label className="admin-menu-compact">
        <span className="muted">Admin page</span>
        <select value={current?.path ?? ''} onChange={(e) => void navigate({ to: e.target.value })}>
          {current ? null : <option value="">Choose a page</option>}
          {PAGES.map((p) => (
            <option key={p.path} value={p.path}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      <nav aria-label="Admin" className="card admin-menu" style={{ minWidth: 220 }}>
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

import { useRouterState } from '@tanstack/react-router';
import { StatusPage } from './status-page.tsx';

export function NotFoundPage() {
  const path = useRouterState({ select: (state) => state.location.pathname });
  return <StatusPage status={404} description={`Page not found: ${path}`} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { AdminAction } from '../-components/admin-action.tsx';

export const Route = createFileRoute('/admin/currency/grant-runix')({
  component: () => <AdminAction spec="runix" />,
});

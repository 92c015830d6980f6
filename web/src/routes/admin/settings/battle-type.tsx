import { createFileRoute } from '@tanstack/react-router';
import { AdminAction } from '../-components/admin-action.tsx';

export const Route = createFileRoute('/admin/settings/battle-type')({
  component: () => <AdminAction spec="battleType" />,
});

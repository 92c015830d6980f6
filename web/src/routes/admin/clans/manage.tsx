import { createFileRoute } from '@tanstack/react-router';
import { AdminAction } from '../-components/admin-action.tsx';
import { PendingClans } from '../-components/pending-clans.tsx';

export const Route = createFileRoute('/admin/clans/manage')({
  component: () => (
    <AdminAction spec="clan">
      <PendingClans />
      <h2>Any clan by name</h2>
    </AdminAction>
  ),
});

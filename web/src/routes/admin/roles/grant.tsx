import { createFileRoute } from '@tanstack/react-router';
import { AdminAction } from '../-components/admin-action.tsx';
import { RoleHolders } from '../-components/role-holders.tsx';

export const Route = createFileRoute('/admin/roles/grant')({
  component: () => (
    <AdminAction spec="role">
      <RoleHolders />
    </AdminAction>
  ),
});

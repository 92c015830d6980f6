import { createFileRoute } from '@tanstack/react-router';
import { AdminAction } from '../-components/admin-action.tsx';

export const Route = createFileRoute('/admin/items/grant-vera')({
  component: () => <AdminAction spec="vera" />,
});

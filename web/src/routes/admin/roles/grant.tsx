import { createFileRoute } from '@tanstack/react-router';
import { AdminAction } from '../-components/admin-action.tsx';

export const Route = createFileRoute('/admin/roles/grant')({ component: () => <AdminAction spec="role" /> });

import { createFileRoute } from '@tanstack/react-router';
import { ShopAction } from '../-components/shop-form.tsx';

export const Route = createFileRoute('/admin/shop/restock')({
  component: () => <ShopAction kind="restock" />,
});

import { OrdersPage } from '@/features/orders';

export function Component() {
  return <OrdersPage />;
}

import { DashboardPage } from '@/features/dashboard';

export function Component() {
  return <DashboardPage />;
}

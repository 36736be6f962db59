import { AnalyticsPage } from '@/features/analytics';

export function Component() {
  return <AnalyticsPage />;
}

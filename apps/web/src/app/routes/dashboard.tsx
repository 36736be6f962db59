import { DashboardPage, dashboardChartsQueryOptions, dashboardQueryOptions } from '@/features/dashboard';
import { prefetchWhenSignedIn } from '../prefetch';

// The cards and the charts start together as soon as the session is back (the charts used to wait
// for the cards to arrive and render).
export const loader = () =>
  prefetchWhenSignedIn((client) => [
    client.prefetchQuery(dashboardQueryOptions()),
    client.prefetchQuery(dashboardChartsQueryOptions(undefined)),
  ]);

export function Component() {
  return <DashboardPage />;
}

import { ORDER_MODES } from '@giftrelay/contracts';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { DashboardPage, dashboardChartsQueryOptions, dashboardQueryOptions } from '@/features/dashboard';
import { prefetchWhenSignedIn } from '../prefetch';

// The cards and the charts start together as soon as the session is back (the charts used to wait
// for the cards to arrive and render), for the mode the URL asks for (?mode=sandbox, decision 045).
export const loader = ({ request }: LoaderFunctionArgs) => {
  const asked = new URL(request.url).searchParams.get('mode');
  const mode = ORDER_MODES.find((m) => m === asked);
  return prefetchWhenSignedIn((client) => [
    client.prefetchQuery(dashboardQueryOptions(mode)),
    client.prefetchQuery(dashboardChartsQueryOptions(undefined, mode)),
  ]);
};

// The Mode select changes only the search: the page's own queries follow it, nothing to prefetch again.
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export function Component() {
  return <DashboardPage />;
}

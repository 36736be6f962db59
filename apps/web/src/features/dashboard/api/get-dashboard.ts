import { type Dashboard, DashboardSchema, type OrderMode } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PREFETCH_FRESH_MS, sharedQueryKeys } from '@/lib/query-keys';
import { modeQuery } from '@/lib/use-report-mode';

/** While an order is pending its status is about to change: ask this often. */
export const PENDING_REFRESH_MS = 3000;
/** Otherwise the figures still follow orders sent from elsewhere (the API, another tab). */
export const IDLE_REFRESH_MS = 30_000;

/** Under the orders' key, so sending a reward refreshes the dashboard at once. */
export const dashboardQueryKey = [...sharedQueryKeys.orders, 'dashboard'] as const;

export const getDashboard = async (mode: OrderMode | undefined, signal?: AbortSignal): Promise<Dashboard> =>
  DashboardSchema.parse(await api.get(`/api/v1/dashboard${modeQuery(mode, '?')}`, { signal }));

export const dashboardRefreshInterval = (hasPending: boolean | undefined): number =>
  hasPending ? PENDING_REFRESH_MS : IDLE_REFRESH_MS;

/** `mode`: live or sandbox orders; unset, the organisation's own mode (what the route prefetches). */
export const dashboardQueryOptions = (mode?: OrderMode) =>
  queryOptions({
    queryKey: [...dashboardQueryKey, mode ?? 'own'],
    queryFn: ({ signal }) => getDashboard(mode, signal),
    refetchInterval: (query) => dashboardRefreshInterval(query.state.data?.has_pending),
    // Coming back to the tab always asks again, even within the prefetch's freshness: an order
    // sent from elsewhere a moment after the page loaded must not wait for the 30 s poll.
    refetchOnWindowFocus: 'always',
    // Prefetched as the session arrives (app/prefetch.ts): fresh enough not to ask again on mount.
    staleTime: PREFETCH_FRESH_MS,
  });

/** This month's cards and the latest orders, kept fresh while orders settle. */
export const useDashboard = (mode?: OrderMode) => useQuery(dashboardQueryOptions(mode));

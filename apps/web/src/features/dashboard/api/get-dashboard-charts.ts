import { type DashboardCharts, DashboardChartsSchema, type OrderMode } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PREFETCH_FRESH_MS } from '@/lib/query-keys';
import { modeQuery } from '@/lib/use-report-mode';
import { dashboardQueryKey, dashboardRefreshInterval } from './get-dashboard';

export const dashboardChartsQueryKey = [...dashboardQueryKey, 'charts'] as const;

export const getDashboardCharts = async (mode: OrderMode | undefined, signal?: AbortSignal): Promise<DashboardCharts> =>
  DashboardChartsSchema.parse(await api.get(`/api/v1/dashboard/charts${modeQuery(mode, '?')}`, { signal }));

/** `hasPending` comes from the dashboard itself, which knows whether orders are settling. */
export const dashboardChartsQueryOptions = (hasPending: boolean | undefined, mode?: OrderMode) =>
  queryOptions({
    queryKey: [...dashboardChartsQueryKey, mode ?? 'own'],
    queryFn: ({ signal }) => getDashboardCharts(mode, signal),
    refetchInterval: dashboardRefreshInterval(hasPending),
    refetchOnWindowFocus: true,
    // Prefetched as the session arrives (app/prefetch.ts): fresh enough not to ask again on mount.
    staleTime: PREFETCH_FRESH_MS,
  });

/** The three charts of the last 30 days. */
export const useDashboardCharts = (hasPending: boolean | undefined, mode?: OrderMode) =>
  useQuery(dashboardChartsQueryOptions(hasPending, mode));

import { type Analytics, AnalyticsSchema, type OrderMode } from '@giftrelay/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';
import { modeQuery } from '@/lib/use-report-mode';
import { type AnalyticsRange, analyticsQuery } from '../utils/range';

export const getAnalytics = async (
  range: AnalyticsRange,
  mode: OrderMode | undefined,
  signal?: AbortSignal,
): Promise<Analytics> =>
  AnalyticsSchema.parse(await api.get(`/api/v1/analytics?${analyticsQuery(range)}${modeQuery(mode, '&')}`, { signal }));

/** `mode`: live or sandbox orders; unset, the organisation's own mode. */
export const analyticsQueryOptions = (range: AnalyticsRange, mode?: OrderMode) =>
  queryOptions({
    // Under the orders' key: a reward sent elsewhere in the app refreshes the figures.
    queryKey: [...sharedQueryKeys.orders, 'analytics', range, mode ?? 'own'],
    queryFn: ({ signal }) => getAnalytics(range, mode, signal),
    // A new range keeps the last figures on screen until its own arrive, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (range: AnalyticsRange, mode?: OrderMode) => useQuery(analyticsQueryOptions(range, mode));

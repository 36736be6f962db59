import { type Analytics, AnalyticsSchema } from '@giftrelay/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';
import { type AnalyticsRange, analyticsQuery } from '../utils/range';

export const getAnalytics = async (range: AnalyticsRange, signal?: AbortSignal): Promise<Analytics> =>
  AnalyticsSchema.parse(await api.get(`/api/v1/analytics?${analyticsQuery(range)}`, { signal }));

export const analyticsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    // Under the orders' key: a reward sent elsewhere in the app refreshes the figures.
    queryKey: [...sharedQueryKeys.orders, 'analytics', range],
    queryFn: ({ signal }) => getAnalytics(range, signal),
    // A new range keeps the last figures on screen until its own arrive, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (range: AnalyticsRange) => useQuery(analyticsQueryOptions(range));

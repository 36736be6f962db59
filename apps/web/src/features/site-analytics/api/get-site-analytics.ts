import { type SiteAnalytics, SiteAnalyticsSchema } from '@giftrelay/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SiteRange, siteAnalyticsQuery } from '../utils/range';

export const getSiteAnalytics = async (range: SiteRange, signal?: AbortSignal): Promise<SiteAnalytics> =>
  SiteAnalyticsSchema.parse(await api.get(`/api/v1/operator/site-analytics?${siteAnalyticsQuery(range)}`, { signal }));

export const siteAnalyticsQueryOptions = (range: SiteRange) =>
  queryOptions({
    queryKey: ['site-analytics', range],
    queryFn: ({ signal }) => getSiteAnalytics(range, signal),
    // A new range keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useSiteAnalytics = (range: SiteRange) => useQuery(siteAnalyticsQueryOptions(range));

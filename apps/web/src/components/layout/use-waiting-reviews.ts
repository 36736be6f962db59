import { ListRiskReviewsResponseSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

const PATHS = {
  organisation: '/api/v1/risk/reviews',
  platform: '/api/v1/operator/risk/reviews',
} as const;
/** One page of the waiting reviews: past it the sidebar says "100+". */
const COUNT_PAGE = 100;

/**
 * How many rewards wait in a review queue (decision 083): the sidebar's figure beside Review, for
 * owners and admins (`organisation`) or operators (`platform`). The list has no total, so one page
 * of up to 100 is read; under the orders' key, so a send or a decision refreshes it.
 */
export function useWaitingReviews(scope: keyof typeof PATHS, enabled: boolean): string | undefined {
  const waiting = useQuery({
    queryKey: [...sharedQueryKeys.orders, 'risk-reviews', scope, 'count'] as const,
    queryFn: async ({ signal }) =>
      ListRiskReviewsResponseSchema.parse(
        await api.get(`${PATHS[scope]}?status=pending&limit=${COUNT_PAGE}`, { signal }),
      ),
    enabled,
    refetchInterval: 60_000,
  });
  const page = waiting.data;
  if (!page || page.data.length === 0) return undefined;
  return page.has_more ? `${COUNT_PAGE}+` : String(page.data.length);
}

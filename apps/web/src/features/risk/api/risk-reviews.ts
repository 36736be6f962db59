import {
  ListRiskReviewsResponseSchema,
  RiskDecisionResponseSchema,
  RiskReviewResponseSchema,
  type RiskReviewStatus,
} from '@giftrelay/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/**
 * The review queue (decision 083): an organisation's (owners and admins) or the platform's
 * (operators, for what platform rules held). Under the orders' key: a send may add a review, and a
 * decision changes an order, so either refreshes both.
 */
export type ReviewScope = 'organisation' | 'platform';

const BASE: Record<ReviewScope, string> = {
  organisation: '/api/v1/risk/reviews',
  platform: '/api/v1/operator/risk/reviews',
};
const reviewsKey = (scope: ReviewScope) => [...sharedQueryKeys.orders, 'risk-reviews', scope] as const;
const PAGE_SIZE = 25;

const listReviews = async (
  scope: ReviewScope,
  query: { status: RiskReviewStatus; limit: number; cursor?: string },
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({ status: query.status, limit: String(query.limit) });
  if (query.cursor) params.set('cursor', query.cursor);
  return ListRiskReviewsResponseSchema.parse(await api.get(`${BASE[scope]}?${params}`, { signal }));
};

/** One status's reviews, newest first, a page at a time. */
export const useRiskReviews = (scope: ReviewScope, status: RiskReviewStatus) =>
  useInfiniteQuery({
    queryKey: [...reviewsKey(scope), 'list', status],
    queryFn: ({ pageParam, signal }) => listReviews(scope, { status, limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** One review with the recipient's history, read when a person opens it. */
export const useRiskReview = (scope: ReviewScope, id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...reviewsKey(scope), 'one', id],
    queryFn: async ({ signal }) =>
      RiskReviewResponseSchema.parse(await api.get(`${BASE[scope]}/${encodeURIComponent(id)}`, { signal })).review,
    enabled,
  });

export type RiskDecision = 'release' | 'block';

/** Release or block, with the Idempotency-Key the caller keeps until a final answer comes. */
export function useDecideRiskReview(scope: ReviewScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (d: { id: string; decision: RiskDecision; note: string; idempotencyKey: string }) =>
      RiskDecisionResponseSchema.parse(
        await api.post(`${BASE[scope]}/${encodeURIComponent(d.id)}/${d.decision}`, d.note ? { note: d.note } : {}, {
          headers: { 'idempotency-key': d.idempotencyKey },
        }),
      ).review,
    // Either way the queue and the order change, and a block gives the held amount back.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.balance }),
      ]),
  });
}

import {
  type ResolveRewardReviewBody,
  ResolveRewardReviewResponseSchema,
  RewardReviewsResponseSchema,
} from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const reviewsKey = ['operator-reward-reviews'] as const;

/** Rewards whose card may exist at the provider, their money held until an operator decides (decision 058). */
export const rewardReviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewsKey,
    queryFn: async () => RewardReviewsResponseSchema.parse(await api.get('/api/v1/operator/reward-reviews')).data,
  });

export const useRewardReviews = () => useQuery(rewardReviewsQueryOptions());

export function useResolveRewardReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (d: { rewardId: string } & ResolveRewardReviewBody) =>
      ResolveRewardReviewResponseSchema.parse(
        await api.post(`/api/v1/operator/reward-reviews/${encodeURIComponent(d.rewardId)}`, {
          decision: d.decision,
          ...(d.note ? { note: d.note } : {}),
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}

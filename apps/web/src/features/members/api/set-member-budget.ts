import { BudgetResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';
import { membersQueryKey } from './list-members';

/** Sets a member's monthly budget in minor units of the billing currency, or clears it (null). */
export const setMemberBudget = async ({ userId, monthlyMinor }: { userId: string; monthlyMinor: number | null }) => {
  const path = `/api/v1/members/${encodeURIComponent(userId)}/budget`;
  return BudgetResponseSchema.parse(
    monthlyMinor === null ? await api.delete(path) : await api.put(path, { monthly_minor: monthlyMinor }),
  ).budget;
};

export function useSetMemberBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberBudget,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: membersQueryKey });
      // The person setting it may be setting their own: the send dialog's figure follows.
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.budget });
    },
  });
}

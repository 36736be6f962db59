import { BudgetResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeysQueryKey } from './list-api-keys';

/** Sets an API key's monthly budget in minor units of the billing currency, or clears it (null). */
export const setApiKeyBudget = async ({ keyId, monthlyMinor }: { keyId: string; monthlyMinor: number | null }) => {
  const path = `/api/v1/api-keys/${encodeURIComponent(keyId)}/budget`;
  return BudgetResponseSchema.parse(
    monthlyMinor === null ? await api.delete(path) : await api.put(path, { monthly_minor: monthlyMinor }),
  ).budget;
};

export function useSetApiKeyBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApiKeyBudget,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

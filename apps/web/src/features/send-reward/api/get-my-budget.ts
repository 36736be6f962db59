import { BudgetResponseSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/**
 * The caller's monthly budget and what is left of it (decision 084), so the dialog says it before
 * sending; null when they have none. Settings → Members changes it, and every send spends it.
 */
export const getMyBudget = async (signal?: AbortSignal) =>
  BudgetResponseSchema.parse(await api.get('/api/v1/budgets/me', { signal })).budget;

export const useMyBudget = (enabled: boolean) =>
  useQuery({ queryKey: sharedQueryKeys.budget, queryFn: ({ signal }) => getMyBudget(signal), enabled });

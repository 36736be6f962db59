import { ChoiceSetOptionsResponseSchema } from '@giftrelay/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** What a set offers at a value now: GET /api/v1/choice-sets/{id}/options?amount&currency. */
export async function getChoiceSetOptions(id: string, amount: string, currency: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ amount, currency });
  const answer = await api.get(`/api/v1/choice-sets/${encodeURIComponent(id)}/options?${params}`, { signal });
  return ChoiceSetOptionsResponseSchema.parse(answer).options;
}

/** Asked only once the value is one the API reads (`amount` undefined until then). */
export const useChoiceSetOptions = (id: string, amount: string | undefined, currency: string) =>
  useQuery({
    queryKey: [...sharedQueryKeys.choiceSets, id, 'options', amount, currency],
    queryFn: ({ signal }) => getChoiceSetOptions(id, amount as string, currency, signal),
    enabled: amount !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

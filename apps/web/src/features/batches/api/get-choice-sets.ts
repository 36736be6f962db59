import { type ChoiceSet, ListChoiceSetsResponseSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** The sets a batch may default to (decision 080): the first hundred, newest first. */
export async function getChoiceSetsForBatch(signal?: AbortSignal): Promise<ChoiceSet[]> {
  return ListChoiceSetsResponseSchema.parse(await api.get('/api/v1/choice-sets?limit=100', { signal })).data;
}

export const useChoiceSetsForBatch = () =>
  useQuery({
    queryKey: [...sharedQueryKeys.choiceSets, 'for-batch'],
    queryFn: ({ signal }) => getChoiceSetsForBatch(signal),
    staleTime: 60_000,
  });

import {
  type ChoiceSet,
  ChoiceSetResponseSchema,
  type CreateChoiceSetBody,
  type UpdateChoiceSetBody,
} from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** POST /api/v1/choice-sets, or PATCH /api/v1/choice-sets/{id} for a set that exists. */
export async function saveChoiceSet(
  id: string | undefined,
  body: CreateChoiceSetBody | UpdateChoiceSetBody,
): Promise<ChoiceSet> {
  const answer = id
    ? await api.patch(`/api/v1/choice-sets/${encodeURIComponent(id)}`, body)
    : await api.post('/api/v1/choice-sets', body);
  return ChoiceSetResponseSchema.parse(answer).choice_set;
}

export function useSaveChoiceSet(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChoiceSetBody | UpdateChoiceSetBody) => saveChoiceSet(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.choiceSets }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** DELETE /api/v1/choice-sets/{id}: orders already placed with it keep their options. */
export const deleteChoiceSet = (id: string) => api.delete(`/api/v1/choice-sets/${encodeURIComponent(id)}`);

export function useDeleteChoiceSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChoiceSet,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.choiceSets }),
  });
}

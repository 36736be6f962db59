import { MessageResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersQueryKey } from './list-members';

export const removeMember = async (userId: string) =>
  MessageResponseSchema.parse(await api.delete(`/api/v1/members/${encodeURIComponent(userId)}`));

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}

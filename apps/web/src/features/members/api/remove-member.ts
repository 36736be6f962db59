import { RemoveMemberResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersQueryKey } from './list-members';

/** Removes the member; the API keys they created are revoked with them (the server's default, decision 063). */
export const removeMember = async (userId: string) =>
  RemoveMemberResponseSchema.parse(await api.delete(`/api/v1/members/${encodeURIComponent(userId)}`));

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}

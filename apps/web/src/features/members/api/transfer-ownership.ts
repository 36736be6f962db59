import { ListMembersResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersQueryKey } from './list-members';

export const transferOwnership = async (userId: string) =>
  ListMembersResponseSchema.parse(await api.post('/api/v1/members/transfer-ownership', { user_id: userId }));

export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferOwnership,
    onSuccess: (members) => queryClient.setQueryData(membersQueryKey, members),
  });
}

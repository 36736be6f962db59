import { MessageResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationsQueryKey } from './list-invitations';

export const revokeInvitation = async (id: string) =>
  MessageResponseSchema.parse(await api.delete(`/api/v1/invitations/${encodeURIComponent(id)}`));

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

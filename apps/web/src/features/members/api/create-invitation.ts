import { type CreateInvitationBody, InvitationResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationsQueryKey } from './list-invitations';

export const createInvitation = async (body: CreateInvitationBody) =>
  InvitationResponseSchema.parse(await api.post('/api/v1/invitations', body));

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

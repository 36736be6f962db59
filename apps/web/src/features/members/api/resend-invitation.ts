import { InvitationResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationsQueryKey } from './list-invitations';

export const resendInvitation = async (id: string) =>
  InvitationResponseSchema.parse(await api.post(`/api/v1/invitations/${encodeURIComponent(id)}/resend`));

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

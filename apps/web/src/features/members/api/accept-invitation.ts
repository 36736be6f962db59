import { AcceptedInvitationSchema } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A signed-in person accepts an invitation to their own address. */
export const acceptInvitation = async (token: string) =>
  AcceptedInvitationSchema.parse(await api.post('/api/v1/invitations/accept', { token }));

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });

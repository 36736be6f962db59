import { AcceptedInvitationSchema, type AcceptInvitationAsNewUserBody } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A new person chooses a password and joins; they sign in next. */
export const acceptInvitationAsNewUser = async (body: AcceptInvitationAsNewUserBody) =>
  AcceptedInvitationSchema.parse(await api.post('/api/v1/invitations/accept-new', body, { auth: false }));

export const useAcceptInvitationAsNewUser = () => useMutation({ mutationFn: acceptInvitationAsNewUser });

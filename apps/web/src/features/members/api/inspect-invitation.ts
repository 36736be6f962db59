import { InvitationPreviewSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What an invitation link offers; a POST so the token stays out of URLs and logs. */
export const inspectInvitation = async (token: string) =>
  InvitationPreviewSchema.parse(await api.post('/api/v1/invitations/inspect', { token }, { auth: false }));

export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invitation-preview', token], queryFn: () => inspectInvitation(token), retry: false });

export const useInvitationPreview = (token: string) => useQuery(invitationPreviewQueryOptions(token));

import { ListInvitationsResponseSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const invitationsQueryKey = ['invitations'] as const;

export const listInvitations = async (signal?: AbortSignal) =>
  ListInvitationsResponseSchema.parse(await api.get('/api/v1/invitations', { signal }));

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => listInvitations(signal) });

export const useInvitations = () => useQuery(invitationsQueryOptions());

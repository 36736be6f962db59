import { ListMembersResponseSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const membersQueryKey = ['members'] as const;

export const listMembers = async (signal?: AbortSignal) =>
  ListMembersResponseSchema.parse(await api.get('/api/v1/members', { signal }));

export const membersQueryOptions = () =>
  queryOptions({ queryKey: membersQueryKey, queryFn: ({ signal }) => listMembers(signal) });

export const useMembers = (opts: { enabled?: boolean } = {}) => useQuery({ ...membersQueryOptions(), ...opts });

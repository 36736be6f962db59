import { ListMyOrganisationsResponseSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const myOrganisationsQueryKey = ['my-organisations'] as const;

export const listMyOrganisations = async (signal?: AbortSignal) =>
  ListMyOrganisationsResponseSchema.parse(await api.get('/api/v1/auth/organisations', { signal }));

export const myOrganisationsQueryOptions = () =>
  queryOptions({ queryKey: myOrganisationsQueryKey, queryFn: ({ signal }) => listMyOrganisations(signal) });

export const useMyOrganisations = () => useQuery(myOrganisationsQueryOptions());

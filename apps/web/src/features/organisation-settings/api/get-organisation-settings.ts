import { OrganisationSettingsResponseSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

export const organisationSettingsQueryKey = sharedQueryKeys.organisationSettings;

export const getOrganisationSettings = async (signal?: AbortSignal) =>
  OrganisationSettingsResponseSchema.parse(await api.get('/api/v1/organisation', { signal }));

export const organisationSettingsQueryOptions = () =>
  queryOptions({ queryKey: organisationSettingsQueryKey, queryFn: ({ signal }) => getOrganisationSettings(signal) });

export const useOrganisationSettings = () => useQuery(organisationSettingsQueryOptions());

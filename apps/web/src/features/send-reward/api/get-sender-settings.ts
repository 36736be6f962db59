import { OrganisationSettingsResponseSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** The organisation's settings, for the default gift message and the sender's name in the preview. */
export const getSenderSettings = async (signal?: AbortSignal) =>
  OrganisationSettingsResponseSchema.parse(await api.get('/api/v1/organisation', { signal }));

export const useSenderSettings = (enabled: boolean) =>
  useQuery({
    queryKey: sharedQueryKeys.organisationSettings,
    queryFn: ({ signal }) => getSenderSettings(signal),
    enabled,
  });

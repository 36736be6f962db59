import { OrganisationSettingsResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationSettingsQueryKey } from './get-organisation-settings';

export const removeOrganisationLogo = async () =>
  OrganisationSettingsResponseSchema.parse(await api.delete('/api/v1/organisation/logo'));

export function useRemoveOrganisationLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOrganisationLogo,
    onSuccess: (settings) => queryClient.setQueryData(organisationSettingsQueryKey, settings),
  });
}

import { OrganisationSettingsResponseSchema, type UploadLogoBody } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationSettingsQueryKey } from './get-organisation-settings';

export const uploadOrganisationLogo = async (body: UploadLogoBody) =>
  OrganisationSettingsResponseSchema.parse(await api.put('/api/v1/organisation/logo', body));

export function useUploadOrganisationLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadOrganisationLogo,
    onSuccess: (settings) => queryClient.setQueryData(organisationSettingsQueryKey, settings),
  });
}

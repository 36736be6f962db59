import { OrganisationSettingsResponseSchema, type UpdateOrganisationInput } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationSettingsQueryKey } from './get-organisation-settings';

export const updateOrganisationSettings = async (body: UpdateOrganisationInput) =>
  OrganisationSettingsResponseSchema.parse(await api.patch('/api/v1/organisation', body));

export function useUpdateOrganisationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisationSettings,
    onSuccess: (settings) => queryClient.setQueryData(organisationSettingsQueryKey, settings),
  });
}

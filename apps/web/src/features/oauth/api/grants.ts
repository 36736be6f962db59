import { ListOAuthGrantsResponseSchema, OAuthGrantResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const grantsQueryKey = ['oauth-grants'] as const;

export const useGrants = () =>
  useQuery({
    queryKey: grantsQueryKey,
    queryFn: async ({ signal }) =>
      ListOAuthGrantsResponseSchema.parse(await api.get('/api/v1/oauth/grants', { signal })),
  });

export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      OAuthGrantResponseSchema.parse(await api.delete(`/api/v1/oauth/grants/${encodeURIComponent(id)}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grantsQueryKey }),
  });
}

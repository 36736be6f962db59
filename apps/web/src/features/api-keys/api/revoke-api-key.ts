import { ApiKeyResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeysQueryKey } from './list-api-keys';

export const revokeApiKey = async (id: string) =>
  ApiKeyResponseSchema.parse(await api.delete(`/api/v1/api-keys/${encodeURIComponent(id)}`));

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

import { type CreateApiKeyBody, CreateApiKeyResponseSchema } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeysQueryKey } from './list-api-keys';

/** Creates a key; the answer holds the key itself, this once. */
export const createApiKey = async (body: CreateApiKeyBody) =>
  CreateApiKeyResponseSchema.parse(await api.post('/api/v1/api-keys', body));

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

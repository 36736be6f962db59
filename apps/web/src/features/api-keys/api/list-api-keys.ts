import { ListApiKeysResponseSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

/** The organisation's keys, newest first (100 at most: an organisation holds 50 active ones). */
export const listApiKeys = async (signal?: AbortSignal) =>
  ListApiKeysResponseSchema.parse(await api.get('/api/v1/api-keys?limit=100', { signal }));

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => listApiKeys(signal) });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

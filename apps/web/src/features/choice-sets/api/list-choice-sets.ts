import { ListChoiceSetsResponseSchema } from '@giftrelay/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

export async function listChoiceSets(cursor: string | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  return ListChoiceSetsResponseSchema.parse(await api.get(`/api/v1/choice-sets?${params}`, { signal }));
}

export const choiceSetsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: sharedQueryKeys.choiceSets,
    queryFn: ({ pageParam, signal }) => listChoiceSets(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** The organisation's choice sets, newest first, fifty at a time. */
export const useChoiceSets = () => useInfiniteQuery(choiceSetsQueryOptions());

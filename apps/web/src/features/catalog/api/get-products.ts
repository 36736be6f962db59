import type { ProductListResponse } from '@giftrelay/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type CatalogFilters, FILTER_KEYS } from '../utils/filters';

const PAGE_SIZE = 24;

export function getProducts(
  filters: CatalogFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProductListResponse> {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  params.set('limit', String(PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return api.get<ProductListResponse>(`/api/v1/products?${params}`, { signal });
}

export const productsQueryOptions = (filters: CatalogFilters) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'products', filters],
    queryFn: ({ pageParam, signal }) => getProducts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/**
 * The products matching the filters, a page at a time. Refining the value range or the search
 * keeps the current cards on screen until the new ones arrive; a new country, currency or
 * category starts over, with the loading state.
 */
export function useProducts(filters: CatalogFilters) {
  return useInfiniteQuery({
    ...productsQueryOptions(filters),
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2] as CatalogFilters | undefined;
      const sameBase =
        before?.country === filters.country &&
        before?.currency === filters.currency &&
        before?.category === filters.category;
      return sameBase ? keepPreviousData(previous) : undefined;
    },
  });
}

import type { CatalogFacets } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CatalogFilters } from '../utils/filters';

type FacetFilters = Pick<CatalogFilters, 'country' | 'currency' | 'category'>;

export function getCatalogFacets(filters: FacetFilters, signal?: AbortSignal): Promise<CatalogFacets> {
  const params = new URLSearchParams();
  for (const key of ['country', 'currency', 'category'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return api.get<CatalogFacets>(`/api/v1/catalog/facets${query ? `?${query}` : ''}`, { signal });
}

export const catalogFacetsQueryOptions = (filters: FacetFilters) =>
  queryOptions({
    queryKey: ['catalog', 'facets', filters],
    queryFn: ({ signal }) => getCatalogFacets(filters, signal),
    // The options change only when the catalogue is synchronised.
    staleTime: 60_000,
  });

/** The filter options, counted under the current choice; the last answer stays while the next loads. */
export function useCatalogFacets(filters: FacetFilters) {
  return useQuery({
    ...catalogFacetsQueryOptions({ country: filters.country, currency: filters.currency, category: filters.category }),
    placeholderData: (previous) => previous,
  });
}

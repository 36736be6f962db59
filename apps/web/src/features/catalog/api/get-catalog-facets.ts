import type { CatalogFacets } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type CatalogFilters, type FacetFilters, facetFilters } from '../utils/filters';

export function getCatalogFacets(filters: FacetFilters, signal?: AbortSignal): Promise<CatalogFacets> {
  const query = new URLSearchParams(facetFilters(filters)).toString();
  return api.get<CatalogFacets>(`/api/v1/catalog/facets${query ? `?${query}` : ''}`, { signal });
}

export const catalogFacetsQueryOptions = (filters: FacetFilters) =>
  queryOptions({
    queryKey: ['catalog', 'facets', filters],
    queryFn: ({ signal }) => getCatalogFacets(filters, signal),
    // The options change only when the catalogue is synchronised.
    staleTime: 60_000,
  });

/**
 * The filter options, each counted under every other filter, the search and value range too;
 * the last answer stays while the next loads.
 */
export function useCatalogFacets(filters: CatalogFilters) {
  return useQuery({
    ...catalogFacetsQueryOptions(facetFilters(filters)),
    placeholderData: (previous) => previous,
  });
}

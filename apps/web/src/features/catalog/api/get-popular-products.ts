import type { Product, ProductListResponse } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Brands people look for first. The catalogue has no order-based popularity to show a visitor
 * (sales are each organisation's own business), so this is a short editorial list.
 */
export const POPULAR_BRANDS = ['Amazon', 'Starbucks', 'Netflix', 'Target', 'Uber', 'Tesco'] as const;

/**
 * One card of each popular brand the catalogue has, in the list's order: the one for `country`
 * (the catalogue's largest) where the brand has one, else its first by name.
 */
export async function getPopularProducts(country: string | undefined, signal?: AbortSignal): Promise<Product[]> {
  const found = await Promise.all(
    POPULAR_BRANDS.map(async (brand) => {
      const params = new URLSearchParams({ q: brand, limit: '5' });
      const page = await api.get<ProductListResponse>(`/api/v1/products?${params}`, { signal });
      const cards = page.data.filter((p) => p.brand.toLowerCase() === brand.toLowerCase());
      return cards.find((p) => p.country === country) ?? cards[0];
    }),
  );
  return found.filter((p): p is Product => p !== undefined);
}

export const popularProductsQueryOptions = (country: string | undefined) =>
  queryOptions({
    queryKey: ['catalog', 'popular', country],
    queryFn: ({ signal }) => getPopularProducts(country, signal),
    // Like the facets: it changes only when the catalogue is synchronised.
    staleTime: 60_000,
  });

/** The popular cards, shown before any filter is chosen, once the largest country is known. */
export const usePopularProducts = (country: string | undefined) =>
  useQuery({ ...popularProductsQueryOptions(country), enabled: country !== undefined });

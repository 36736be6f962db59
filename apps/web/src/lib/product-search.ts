import { type Product, type ProductListResponse, ProductSchema } from '@giftrelay/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const SHOWN = 8;

/**
 * Products to pick from (a batch's reward, a choice set's products): the most sent first, or
 * those matching a search. Two features pick products this way, so it lives here (decision 067).
 */
export async function searchProducts(q: string, signal?: AbortSignal): Promise<Product[]> {
  const params = new URLSearchParams({ limit: String(SHOWN), sort: 'popular' });
  if (q.trim()) params.set('q', q.trim());
  const page = await api.get<ProductListResponse>(`/api/v1/products?${params}`, { signal });
  return page.data.map((p) => ProductSchema.parse(p));
}

export const useProductSearch = (q: string) =>
  useQuery({
    queryKey: ['product-search', q.trim()],
    queryFn: ({ signal }) => searchProducts(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

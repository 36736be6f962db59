import { type Product, type ProductListResponse, ProductSchema } from '@giftrelay/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const SHOWN = 8;

/** Products to pick a batch's reward from: the most sent first, or those matching a search. */
export async function searchProducts(q: string, signal?: AbortSignal): Promise<Product[]> {
  const params = new URLSearchParams({ limit: String(SHOWN), sort: 'popular' });
  if (q.trim()) params.set('q', q.trim());
  const page = await api.get<ProductListResponse>(`/api/v1/products?${params}`, { signal });
  return page.data.map((p) => ProductSchema.parse(p));
}

export const useProductSearch = (q: string) =>
  useQuery({
    queryKey: ['batches', 'product-search', q.trim()],
    queryFn: ({ signal }) => searchProducts(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

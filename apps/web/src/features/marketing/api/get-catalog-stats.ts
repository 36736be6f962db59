import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/**
 * What the catalogue holds, for marketing copy that states it. Read from the catalogue's facets
 * (GET /api/v1/catalog/facets); checked by hand rather than with zod, which would triple what the
 * home page downloads.
 */
export interface CatalogStats {
  products: number;
  brands: number;
  countries: number;
  categories: { name: string; count: number }[];
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function parseCatalogStats(data: unknown): CatalogStats {
  const body = data as {
    totals?: { products?: unknown; brands?: unknown; countries?: unknown };
    categories?: unknown;
  } | null;
  const totals = body?.totals;
  if (!totals || !isCount(totals.products) || !isCount(totals.brands) || !isCount(totals.countries)) {
    throw new Error('The catalogue facets have no totals');
  }
  const categories = Array.isArray(body.categories)
    ? body.categories.filter(
        (c): c is { name: string; count: number } =>
          typeof c?.name === 'string' && c.name.length > 0 && isCount(c?.count),
      )
    : [];
  return { products: totals.products, brands: totals.brands, countries: totals.countries, categories };
}

export const getCatalogStats = async ({ signal }: { signal?: AbortSignal } = {}) =>
  parseCatalogStats(await api.get<unknown>('/api/v1/catalog/facets', { signal }));

let cached: Promise<CatalogStats | undefined> | undefined;

/**
 * The catalogue's size, or nothing while loading or when it cannot be read: copy then goes
 * without numbers. A plain fetch, asked once per page load, because the home page does without
 * the query library (docs/decisions/006).
 */
export function useCatalogStats(): { data: CatalogStats | undefined } {
  const [data, setData] = useState<CatalogStats>();
  useEffect(() => {
    let isCurrent = true;
    cached ??= getCatalogStats().catch(() => {
      cached = undefined;
      return undefined;
    });
    cached.then((stats) => {
      if (isCurrent) setData(stats);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return { data };
}

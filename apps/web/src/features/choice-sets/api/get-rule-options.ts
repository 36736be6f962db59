import { CatalogFacetsSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The categories, countries and currencies a rule may name: the catalogue's own (its facets). */
export const getRuleOptions = async (signal?: AbortSignal) =>
  CatalogFacetsSchema.parse(await api.get('/api/v1/catalog/facets', { signal }));

export const useRuleOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['choice-sets', 'rule-options'],
    queryFn: ({ signal }) => getRuleOptions(signal),
    enabled,
    staleTime: 5 * 60_000,
  });

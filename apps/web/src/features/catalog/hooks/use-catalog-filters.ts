import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type CatalogFilters, FILTER_KEYS, filtersFromSearchParams } from '../utils/filters';

/**
 * The filters live in the URL: a filtered view can be shared, reloaded, and Back steps through
 * earlier choices. Each change is a history entry.
 */
export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised params are the identity.
  const filters = useMemo(() => filtersFromSearchParams(params), [key]);

  const update = useCallback(
    (changes: Partial<CatalogFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of FILTER_KEYS) {
            if (!(name in changes)) continue;
            const value = changes[name]?.trim();
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { preventScrollReset: true }), [setParams]);

  return { filters, update, clear };
}

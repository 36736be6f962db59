import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { rangeFromSearchParams, type SiteRange, todayUtc } from '../utils/range';

/**
 * The range lives in the URL (`from`, `to`): a view can be shared and reloaded, and Back steps
 * through earlier ones. Typing a date replaces the entry rather than adding one per key.
 */
export function useSiteRange() {
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised params are the identity.
  const range = useMemo(() => rangeFromSearchParams(params, today), [key, today]);
  const update = useCallback(
    (changes: Partial<SiteRange>, { replace = false } = {}) => {
      setParams(
        (current) => {
          const base = rangeFromSearchParams(current, today);
          const next = new URLSearchParams(current);
          next.set('from', changes.from ?? base.from);
          next.set('to', changes.to ?? base.to);
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams, today],
  );
  return { range, today, update };
}

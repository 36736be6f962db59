import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type AnalyticsRange, rangeFromSearchParams, todayUtc } from '../utils/range';

/**
 * The range lives in the URL (`from`, `to`, `interval`): a view can be shared and reloaded, and
 * Back steps through earlier ones. Typing a date replaces the entry rather than adding one per key.
 */
export function useAnalyticsRange() {
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised params are the identity.
  const range = useMemo(() => rangeFromSearchParams(params, today), [key, today]);

  const update = useCallback(
    (changes: Partial<AnalyticsRange>, { replace = false } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const base = rangeFromSearchParams(current, today);
          for (const name of ['from', 'to', 'interval'] as const) {
            next.set(name, changes[name] ?? base[name]);
          }
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams, today],
  );

  return { range, today, update };
}

import { utcDay } from '@giftrelay/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from './api-client';

/** Today as a UTC calendar day, like the API's days. */
export const todayUtc = (now = new Date()): string => utcDay(now);

/** A range the server refused (to before from, too long, not a date): said beside the picker. */
export const isRangeError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && error.code === 'VALIDATION_ERROR';

/** "query.to: to must not be before from" → "To must not be before from": the field is beside it. */
export function rangeErrorText(message: string): string {
  const text = message.replace(/^(?:query|querystring)(?:\.\w+)*:\s*/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A report's range lives in the URL (`from`, `to`, and whatever else `parse` reads): a view can be
 * shared and reloaded, and Back steps through earlier ones. Typing a date replaces the entry rather
 * than adding one per key. `parse` fills what the URL leaves out; every key it returns is written.
 */
export function useUrlRange<R extends { [K in keyof R]: string }>(
  parse: (params: URLSearchParams, today: string) => R,
) {
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised params are the identity; parse is module-level.
  const range = useMemo(() => parse(params, today), [key, today]);

  const update = useCallback(
    (changes: Partial<R>, { replace = false } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const base = parse(current, today);
          for (const name of Object.keys(base) as (keyof R & string)[]) next.set(name, changes[name] ?? base[name]);
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams, today, parse],
  );

  return { range, today, update };
}

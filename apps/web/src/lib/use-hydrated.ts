import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and during prerendering), true afterwards.
 * Whatever depends on the URL's query or hash, which the prerendered HTML cannot know, waits for
 * it, so the first client render matches the HTML exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * `value` once the page is live, `duringHydration` while React hydrates it (and while
 * prerendering). When the two are equal, as a search box's query is on a page opened without
 * one, hydration is followed by no second render at all (a boolean from `useHydrated` always
 * changes, and makes React render the whole component again, in one piece).
 */
export function useAfterHydration<T>(value: T, duringHydration: T): T {
  return useSyncExternalStore(
    subscribe,
    () => value,
    () => duringHydration,
  );
}

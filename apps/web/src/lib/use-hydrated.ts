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

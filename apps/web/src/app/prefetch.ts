import type { QueryClient } from '@tanstack/react-query';
import { whenSessionKnown } from '@/lib/auth/session';
import { loadAppRuntime } from './runtime';

/**
 * A route loader for signed-in pages: starts the session check as soon as the runtime is here
 * (not after the first render), and the page's queries the moment the access token exists, all
 * at once, instead of each waiting for the component that asks for it to render (the dashboard's
 * charts waited for its cards). Never blocks the navigation: it returns at once.
 */
export function prefetchWhenSignedIn(prefetch: (client: QueryClient) => Promise<void>[]) {
  void loadAppRuntime().then(async (runtime) => {
    runtime.startSession();
    if (await whenSessionKnown()) await Promise.all(prefetch(runtime.queryClient));
  });
  return null;
}

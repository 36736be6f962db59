import { QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { markPageTakenOver } from '@/lib/deferred-part';
import { type AppRuntime, useAppRuntime } from './runtime';

/**
 * App-wide providers. The query client, the toaster and the session arrive with the first page
 * that needs them (every page but home, see ./runtime.ts): the client goes into the context that
 * QueryClientProvider would fill, so it can appear later without remounting the pages below.
 * Tooltips live only in the signed-in layout, which provides them: the tooltip's positioning
 * code would otherwise come with every page.
 */
export function AppProviders({
  children,
  runtime: given,
}: {
  children: ReactNode;
  /** For prerendering: this page's runtime, or null for a page that renders without one. */
  runtime?: AppRuntime | null;
}) {
  const loaded = useAppRuntime();
  const runtime = given === undefined ? loaded : (given ?? undefined);
  useEffect(() => {
    // Tells tests (and anyone curious) that React has taken over the page, and deferred parts
    // that they render from now on without the server's HTML.
    markPageTakenOver();
    document.documentElement.dataset.appReady = 'true';
  }, []);
  useEffect(() => {
    // In an effect, so only in the browser: prerendering has no cookie, storage or timers to keep.
    runtime?.startSession();
  }, [runtime]);
  return (
    <QueryClientContext.Provider value={runtime?.queryClient}>
      {children}
      {runtime && <runtime.Toaster />}
    </QueryClientContext.Provider>
  );
}

import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useContext, useEffect, useSyncExternalStore } from 'react';
import { setToasterLoader } from '@/components/ui/lazy-toast';
import { loadDeferredParts } from '@/lib/deferred-part';

/**
 * What every page but the home page needs around it: the query client, the toaster and the
 * browser's session. The home page needs none of them, so `/` does without their libraries
 * (docs/decisions/006). Every other route's module loads together with them (app/router.tsx);
 * pointing at a link starts the load.
 */
export interface AppRuntime {
  queryClient: QueryClient;
  Toaster: ComponentType;
  /** Restores the session from its cookie and keeps it fresh; browser only, so not at prerender. */
  startSession: () => void;
}

let runtime: AppRuntime | undefined;
let loading: Promise<AppRuntime> | undefined;
const listeners = new Set<() => void>();

export function loadAppRuntime(): Promise<AppRuntime> {
  loading ??= Promise.all([
    import('@/lib/query-client'),
    import('@/components/ui/toaster'),
    import('@/lib/auth/session'),
  ])
    .then(async (modules) => {
      // The runtime changes the context every part of the page is under. React redraws a deferred
      // part (lib/deferred-part.tsx) still waiting for its code when that happens, dropping the
      // server's HTML for a fallback: so the parts the page has by now load first (decision 053).
      await loadDeferredParts().catch(() => undefined);
      return modules;
    })
    .then(([{ createQueryClient }, { Toaster }, { sessionStore, startSession }]) => {
      const queryClient = createQueryClient();
      // What QueryClientProvider does on mount: follow window focus and the network.
      queryClient.mount();
      // One account's data must not be shown to the next one to sign in on this browser.
      sessionStore.subscribe(() => {
        if (sessionStore.get().status === 'signed-out') queryClient.clear();
      });
      runtime = { queryClient, Toaster, startSession };
      for (const notify of listeners) notify();
      return runtime;
    });
  return loading;
}

// A page without the runtime loads it with its first toast (components/ui/lazy-toast.ts).
setToasterLoader(loadAppRuntime);

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};
const getRuntime = () => runtime;

/** The runtime once loaded, undefined before; the same during hydration as after, so hydration agrees. */
export function useAppRuntime(): AppRuntime | undefined {
  return useSyncExternalStore(subscribe, getRuntime, getRuntime);
}

/**
 * For a page marked withoutRuntime that needs it only in some cases (a landing page reached from
 * another page, or with a preview): `children` once the query client is provided, loading the
 * runtime; `fallback` until then (and on the server, which renders such a page without it).
 */
export function WithAppRuntime({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const queryClient = useContext(QueryClientContext);
  useEffect(() => void loadAppRuntime(), []);
  return queryClient ? children : fallback;
}

/** Starts loading the runtime as soon as the pointer or focus reaches a link into the app. */
export function loadAppRuntimeOnIntent(doc: Document) {
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  const onIntent = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href^="/"]')) return;
    for (const type of events) doc.removeEventListener(type, onIntent);
    void loadAppRuntime();
  };
  for (const type of events) doc.addEventListener(type, onIntent, { passive: true });
}

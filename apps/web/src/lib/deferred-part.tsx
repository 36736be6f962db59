import { type ComponentType, type ReactNode, Suspense, use } from 'react';

/** Every deferred part's loader, so a render on the server can load them all first. */
const loaders = new Set<() => Promise<void>>();

/**
 * Loads the code of every deferred part defined so far, and rejects if any fails. The server's
 * renders (src/prerender.tsx) call it after the route's modules load, so a page's HTML always
 * holds its deferred parts whole (a build fails rather than ship a fallback); the browser calls it
 * before the app runtime changes the page's context (app/runtime.ts).
 */
export const loadDeferredParts = () => Promise.all([...loaders].map((load) => load()));

/**
 * A part of a page whose code the browser loads only when `load()` is called (on a reader's
 * intent), not with the page (decision 053). The server renders it whole. In a page hydrated
 * from that HTML, the part stays as the server sent it (React leaves a Suspense boundary that
 * is waiting alone) until its code arrives, then hydrates, unless a context above it changes
 * first: React then renders it afresh, with `fallback` until loaded (app/runtime.ts loads the
 * deferred parts before it changes the context). Rendered in the browser instead (a visit from
 * another page), it shows `fallback` until loaded. A failed load leaves the part as it is and the
 * next `load()` tries again.
 *
 * `name` marks the part's HTML (`data-deferred-part`), which `renderedByServer` looks for.
 */
export function deferredPart<P extends object>(name: string, importer: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | undefined;
  let resolveReady!: (component: ComponentType<P>) => void;
  const ready = new Promise<ComponentType<P>>((resolve) => {
    resolveReady = resolve;
  });

  let inFlight: Promise<void> | undefined;
  const loadOrFail = (): Promise<void> => {
    if (Loaded) return Promise.resolve();
    inFlight ??= importer().then(
      (component) => {
        Loaded = component;
        resolveReady(component);
      },
      (error: unknown) => {
        inFlight = undefined;
        throw error;
      },
    );
    return inFlight;
  };
  loaders.add(loadOrFail);
  /** Starts loading the part's code; a failure leaves the part as it is, for the next call to retry. */
  const load = () => loadOrFail().catch(() => undefined);

  const markReady = (element: HTMLDivElement | null) => {
    element?.setAttribute('data-deferred-ready', '');
  };

  function Content(props: P) {
    const Component = Loaded ?? use(ready);
    return (
      // The marker `data-deferred-ready` says React has taken the part over (its controls work).
      <div data-deferred-part={name} ref={markReady}>
        <Component {...props} />
      </div>
    );
  }

  function Part({ fallback, ...props }: P & { fallback?: ReactNode }) {
    return (
      <Suspense fallback={fallback}>
        <Content {...(props as unknown as P)} />
      </Suspense>
    );
  }

  /** Whether the page holds this part as the server rendered it (hydrating, not yet loaded). */
  const renderedByServer = () => document.querySelector(`[data-deferred-part="${name}"]`) !== null;

  return { Part, load, renderedByServer };
}

import { type ComponentType, type ReactNode, Suspense, use } from 'react';

/** Every deferred part's loader, so a render on the server can load them all first. */
const loaders = new Set<() => Promise<unknown>>();

/**
 * Loads the code of every deferred part defined so far. The server's renders (src/prerender.tsx)
 * call it after the route's modules load, so a page's HTML always holds its deferred parts whole.
 */
export const loadDeferredParts = () => Promise.all([...loaders].map((load) => load()));

/**
 * A part of a page whose code the browser loads only when `load()` is called (on a reader's
 * intent), not with the page (decision 053). The server renders it whole. In a page hydrated
 * from that HTML, the part stays as the server sent it (React leaves a Suspense boundary that
 * is waiting alone) until its code arrives, then hydrates; rendered in the browser instead (a
 * visit from another page), it shows `fallback` until loaded. A failed load leaves the part as it
 * is and the next `load()` tries again.
 *
 * `name` marks the part's HTML (`data-deferred-part`), which `renderedByServer` looks for.
 */
export function deferredPart<P extends object>(name: string, importer: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | undefined;
  let inFlight: Promise<unknown> | undefined;
  let resolveReady!: (component: ComponentType<P>) => void;
  const ready = new Promise<ComponentType<P>>((resolve) => {
    resolveReady = resolve;
  });

  const load = (): Promise<unknown> => {
    if (Loaded) return Promise.resolve();
    inFlight ??= importer().then(
      (component) => {
        Loaded = component;
        resolveReady(component);
      },
      () => {
        inFlight = undefined;
      },
    );
    return inFlight;
  };
  loaders.add(load);

  function Content(props: P) {
    const Component = Loaded ?? use(ready);
    return (
      <div data-deferred-part={name}>
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

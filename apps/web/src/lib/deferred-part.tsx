import { type ComponentType, type ReactNode, Suspense, use } from 'react';

/**
 * A reader reaching for something: pointermove as well as pointerover, since a pointer that stays
 * still while the page scrolls under it may not report entering what is now under it.
 */
export const INTENT_EVENTS = ['pointerover', 'pointermove', 'pointerdown', 'focusin', 'touchstart'] as const;

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
 * The part loads itself at once when rendered in the browser, and on a pointer, touch or focus
 * inside it; the page calls `load()` for any other intent (a tab chosen that shows it). `name`
 * marks the part's HTML (`data-deferred-part`): one name for one part's code, however many
 * times a page shows it.
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

  /**
   * Around the boundary (hydrated with the page): loads the code at once when the part was
   * rendered here (the fallback shows: no HTML of the server's to keep), else on the first
   * pointer, touch or focus inside it, before a click there can land.
   */
  const watch = (area: HTMLDivElement | null) => {
    if (!area || Loaded) return;
    if (!area.querySelector(`[data-deferred-part="${name}"]`)) {
      void load();
      return;
    }
    const intent = () => {
      for (const type of INTENT_EVENTS) area.removeEventListener(type, intent);
      void load();
    };
    for (const type of INTENT_EVENTS) area.addEventListener(type, intent, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) area.removeEventListener(type, intent);
    };
  };

  function Part({ fallback, ...props }: P & { fallback?: ReactNode }) {
    return (
      <div ref={watch}>
        <Suspense fallback={fallback}>
          <Content {...(props as unknown as P)} />
        </Suspense>
      </div>
    );
  }

  /**
   * Whether the page holds this part as the server rendered it: a route can load the code
   * before it renders when not (a visit from another page), instead of showing the fallback.
   */
  const renderedByServer = () =>
    typeof document !== 'undefined' && document.querySelector(`[data-deferred-part="${name}"]`) !== null;

  return { Part, load, renderedByServer };
}

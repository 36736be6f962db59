import { type ComponentType, type ReactNode, Suspense, use, useEffect, useState } from 'react';

/**
 * A reader reaching for something: pointermove as well as pointerover, since a pointer that stays
 * still while the page scrolls under it may not report entering what is now under it.
 */
const INTENT_EVENTS = ['pointerover', 'pointermove', 'pointerdown', 'focusin', 'touchstart'] as const;

/** Calls `load` on the first sign of intent inside `area`, once; answers the cleanup. */
export function loadOnIntent(area: HTMLElement, load: () => unknown): () => void {
  const intent = () => {
    stop();
    load();
  };
  const stop = () => {
    for (const type of INTENT_EVENTS) area.removeEventListener(type, intent);
  };
  for (const type of INTENT_EVENTS) area.addEventListener(type, intent, { passive: true });
  return stop;
}

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
 * Whether React has taken over the page (set once the first render has committed, by
 * app/providers.tsx): from then on, a part rendering for the first time is not hydrating.
 */
let pageTakenOver = false;
export const markPageTakenOver = () => {
  pageTakenOver = true;
};

/**
 * A part of a page whose code the browser loads only on a reader's intent, not with the page
 * (decision 053). The server renders it whole.
 *
 * - Hydrating that HTML, React leaves the part's Suspense boundary exactly as the server sent it
 *   (visible, without its event handlers) until its code arrives, then hydrates it. The code
 *   loads on the first pointer, touch or focus inside the part; the page calls `load()` for any
 *   other intent (a tab chosen that shows it).
 * - Rendered later (a visit from another page), the part waits for its code outside its boundary:
 *   the navigation, a transition, keeps the previous page until the part can render whole, and a
 *   load that fails is the route's error.
 * - React redraws a part still waiting for its code when a context above it changes; it then
 *   shows `fallback` and loads, with a way to try again if the load fails. The app runtime loads
 *   the page's parts before it changes the context (app/runtime.ts).
 *
 * `name` marks the part's HTML (`data-deferred-part`): one name for one part's code, however many
 * times a page shows it. `data-deferred-ready` marks a part React has taken over.
 */
export function deferredPart<P extends object>(name: string, importer: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | undefined;
  let resolveReady!: (component: ComponentType<P>) => void;
  const ready = new Promise<ComponentType<P>>((resolve) => {
    resolveReady = resolve;
  });

  let inFlight: Promise<void> | undefined;
  /** Loads the code, once at a time; a failure rejects, and the next call tries again. */
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
  let waiting: Promise<void> | undefined;
  /**
   * What a render after hydration waits for: one promise per attempt. A failed one stays a few
   * seconds, so React re-renders to show the error instead of starting a new attempt each time
   * (an endless loop of requests); a later visit tries again.
   */
  const waitForCode = () => {
    if (!waiting) {
      const attempt = loadOrFail();
      waiting = attempt;
      attempt.catch(() =>
        setTimeout(() => {
          if (waiting === attempt) waiting = undefined;
        }, 3000),
      );
    }
    return waiting;
  };
  /** Starts loading the part's code; a failure leaves the part as it is, for the next call to retry. */
  const load = () => loadOrFail().catch(() => undefined);

  const markReady = (element: HTMLDivElement | null) => {
    element?.setAttribute('data-deferred-ready', '');
  };

  function Content(props: P) {
    const Component = Loaded ?? use(ready);
    return (
      <div data-deferred-part={name} ref={markReady}>
        <Component {...props} />
      </div>
    );
  }

  /** What a redrawn part shows while its code loads, or a way to try again if it cannot. */
  function Pending({ fallback }: { fallback: ReactNode }) {
    const [failed, setFailed] = useState(false);
    const attempt = () => {
      setFailed(false);
      loadOrFail().catch(() => setFailed(true));
    };
    useEffect(attempt, []);
    if (!failed) return fallback;
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        This part of the page could not be loaded.{' '}
        <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={attempt}>
          Try again
        </button>
      </p>
    );
  }

  /** Around the boundary (hydrated with the page): the first pointer, touch or focus inside loads the code. */
  /** Around the boundary (hydrated with the page): the first pointer, touch or focus inside loads the code. */
  const watch = (area: HTMLDivElement | null) => (area && !Loaded ? loadOnIntent(area, load) : undefined);

  function Part({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    // Not hydrating: wait for the code here, outside the boundary (see above).
    if (!Loaded && pageTakenOver) use(waitForCode());
    return (
      <div ref={watch}>
        <Suspense fallback={<Pending fallback={fallback} />}>
          <Content {...(props as unknown as P)} />
        </Suspense>
      </div>
    );
  }

  return { Part, load };
}

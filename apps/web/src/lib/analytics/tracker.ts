import type { AnalyticsEvent } from '@giftrelay/contracts';
import { isOperatorBrowser } from './operator-browser';
import { analyticsSessionId } from './session';

export const ANALYTICS_ENDPOINT = '/api/v1/analytics/events';

/** What a page tells: the event without the session and the time, which the tracker adds. */
export type TrackedEvent = AnalyticsEvent extends infer E
  ? E extends AnalyticsEvent
    ? Omit<E, 'session_id' | 'occurred_at'>
    : never
  : never;

export interface TrackerOptions {
  /** Send what is queued after this long (ms). */
  flushAfterMs?: number;
  /** …or as soon as this many events wait. */
  maxBatch?: number;
  fetch?: typeof fetch;
  sendBeacon?: (url: string, body: string) => boolean;
  sessionId?: () => string;
  /** Whether this browser's events are left out: a signed-in operator's (./operator-browser.ts). */
  isExcluded?: () => boolean;
}

/** The most events one request may carry (the API's limit). */
const API_BATCH = 50;

/**
 * Queues events and sends them in batches, so a page never waits for analytics: after
 * `flushAfterMs` or `maxBatch` events with fetch `keepalive`, and everything left with
 * `navigator.sendBeacon` when the page is hidden or left. A failure is dropped quietly
 * (console.debug): analytics never show an error or break the page.
 */
export function createTracker(options: TrackerOptions = {}) {
  const flushAfterMs = options.flushAfterMs ?? 2000;
  const maxBatch = options.maxBatch ?? 10;
  const sessionId = options.sessionId ?? (() => analyticsSessionId());
  const isExcluded = options.isExcluded ?? isOperatorBrowser;
  const doFetch = (...args: Parameters<typeof fetch>) => (options.fetch ?? fetch)(...args);
  const beacon =
    options.sendBeacon ??
    ((url: string, body: string) =>
      typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
        ? navigator.sendBeacon(url, body)
        : false);

  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isListening = false;

  // The spec's "failure logged silently": a debug line for a developer's console, nothing else.
  // biome-ignore lint/suspicious/noConsole: the one place analytics may say it failed.
  const quietly = (reason: unknown) => console.debug('analytics events not sent', reason);

  function post(events: AnalyticsEvent[]) {
    try {
      doFetch(ANALYTICS_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
        // Lets the request finish if the page goes away meanwhile.
        keepalive: true,
        credentials: 'omit',
      }).then((res) => {
        if (!res.ok) quietly(res.status);
      }, quietly);
    } catch (err) {
      quietly(err);
    }
  }

  /** Sends what is queued: with fetch keepalive, or with sendBeacon when the page is going away. */
  function flush({ useBeacon = false } = {}) {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const events = queue.slice(0, API_BATCH);
      queue = queue.slice(API_BATCH);
      let isSent = false;
      if (useBeacon) {
        try {
          // A string goes as text/plain, which needs no preflight; the API reads it as JSON.
          isSent = beacon(ANALYTICS_ENDPOINT, JSON.stringify({ events }));
        } catch (err) {
          quietly(err);
        }
      }
      if (!isSent) post(events);
    }
  }

  function listen() {
    if (isListening || typeof window === 'undefined') return;
    isListening = true;
    const leave = () => flush({ useBeacon: true });
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') leave();
    });
  }

  /** Queues one event; never throws and never waits. */
  function track(event: TrackedEvent) {
    try {
      if (isExcluded()) return;
      listen();
      // The lead's address was sent with the lead itself; analytics need only that it happened.
      const { email: _email, ...rest } = event as TrackedEvent & { email?: string };
      queue.push({ ...rest, session_id: sessionId(), occurred_at: new Date().toISOString() } as AnalyticsEvent);
      if (queue.length >= maxBatch) flush();
      else timer ??= setTimeout(() => flush(), flushAfterMs);
    } catch (err) {
      quietly(err);
    }
  }

  return { track, flush, pending: () => queue.length };
}

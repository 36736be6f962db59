// @vitest-environment happy-dom
import { ANALYTICS_SESSION_KEY, AnalyticsEventBatchSchema } from '@giftrelay/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markOperatorBrowser } from './operator-browser';
import { analyticsSessionId } from './session';
import { ANALYTICS_ENDPOINT, createTracker } from './tracker';

const SESSION = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const page = {
  type: 'page_view',
  slug: 'employee-rewards',
  utm_campaign: 'spring',
  primary_keyword: 'rewards',
} as const;

function setup(overrides: Parameters<typeof createTracker>[0] = {}) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 202 }));
  const sendBeacon = vi.fn((_url: string, _body: string) => true);
  const tracker = createTracker({
    fetch: fetch as typeof globalThis.fetch,
    sendBeacon,
    sessionId: () => SESSION,
    ...overrides,
  });
  const fetched = () => fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
  return { tracker, fetch, sendBeacon, fetched };
}

describe('analytics tracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends nothing from a signed-in operator’s browser, and counts it again after sign-out (issue 35)', () => {
    const { tracker, fetch, sendBeacon } = setup({ isExcluded: undefined });
    markOperatorBrowser(true);
    tracker.track(page);
    tracker.track({ ...page, type: 'lead_submitted' });
    expect(tracker.pending()).toBe(0);
    vi.advanceTimersByTime(5000);
    tracker.flush({ useBeacon: true });
    expect(fetch).not.toHaveBeenCalled();
    expect(sendBeacon).not.toHaveBeenCalled();
    markOperatorBrowser(false);
    tracker.track(page);
    expect(tracker.pending()).toBe(1);
  });

  it('queues events and sends them together after 2 seconds, with fetch keepalive', async () => {
    const { tracker, fetch, fetched } = setup();
    tracker.track(page);
    tracker.track({ ...page, type: 'cta_click', cta_type: 'primary' });
    expect(fetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1999);
    expect(fetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(ANALYTICS_ENDPOINT);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' } });
    const [body] = fetched();
    // What the API accepts, with the session and the time filled in.
    expect(AnalyticsEventBatchSchema.safeParse(body).success).toBe(true);
    expect(body.events).toEqual([
      { ...page, session_id: SESSION, occurred_at: expect.any(String) },
      { ...page, type: 'cta_click', cta_type: 'primary', session_id: SESSION, occurred_at: expect.any(String) },
    ]);
  });

  it('sends at once when 10 events wait', () => {
    const { tracker, fetch, fetched } = setup();
    for (let i = 0; i < 10; i++) tracker.track(page);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetched()[0].events).toHaveLength(10);
    expect(tracker.pending()).toBe(0);
  });

  it('never sends the address of a lead', () => {
    const { tracker, fetched } = setup();
    tracker.track({ ...page, type: 'lead_submitted', email: 'ada@example.com' });
    tracker.flush();
    expect(JSON.stringify(fetched())).not.toContain('ada@example.com');
    expect(fetched()[0].events[0].type).toBe('lead_submitted');
  });

  it('sends what is left with sendBeacon (a text/plain string) when the page is hidden or left', () => {
    const { tracker, fetch, sendBeacon } = setup();
    tracker.track(page);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe(ANALYTICS_ENDPOINT);
    expect(typeof body).toBe('string');
    expect(JSON.parse(String(body)).events).toHaveLength(1);
    tracker.track(page);
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    // Nothing left for the timer.
    vi.advanceTimersByTime(5000);
    expect(fetch).not.toHaveBeenCalled();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('falls back to fetch keepalive when the browser refuses the beacon', () => {
    const { tracker, fetch } = setup({ sendBeacon: () => false });
    tracker.track(page);
    window.dispatchEvent(new Event('pagehide'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('swallows failures: a network error or a refusal is a debug line, never a throw or a retry', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { tracker } = setup({ fetch: failing as unknown as typeof fetch });
    expect(() => tracker.track(page)).not.toThrow();
    tracker.flush();
    await vi.runAllTimersAsync();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(debug).toHaveBeenCalled();

    const refused = vi.fn(async () => new Response('{}', { status: 429 }));
    const second = setup({ fetch: refused as unknown as typeof fetch });
    second.tracker.track(page);
    second.tracker.flush();
    await vi.runAllTimersAsync();
    expect(refused).toHaveBeenCalledTimes(1);

    const throwing = setup({
      sessionId: () => {
        throw new Error('storage exploded');
      },
    });
    expect(() => throwing.tracker.track(page)).not.toThrow();
  });
});

describe('analytics session id', () => {
  it('is a random UUID kept in session storage under its documented key', () => {
    sessionStorage.removeItem(ANALYTICS_SESSION_KEY);
    const id = analyticsSessionId(sessionStorage);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sessionStorage.getItem(ANALYTICS_SESSION_KEY)).toBe(id);
    expect(ANALYTICS_SESSION_KEY).toBe('giftrelay_analytics_session');
    expect(analyticsSessionId(sessionStorage)).toBe(id);
  });

  it('replaces a tampered value, and keeps one id for the page when storage is refused', () => {
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, '<script>');
    expect(analyticsSessionId(sessionStorage)).not.toBe('<script>');
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    const a = analyticsSessionId(refusing);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(analyticsSessionId(refusing)).toBe(a);
  });
});

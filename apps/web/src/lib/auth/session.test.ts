// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const user = {
  id: 'u1',
  email: 'jane@example.com',
  email_confirmed_at: '2025-01-01T00:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
  role: 'owner',
  organisation: {
    id: 'o1',
    name: 'Acme',
    sandbox: true,
    billing_currency: 'USD',
    created_at: '2025-01-01T00:00:00.000Z',
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A stand-in for the token endpoint: each refresh hands out the next access token. */
function fakeServer(lifetimeSeconds: number) {
  let issued = 0;
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({ url, headers });
    if (url.includes('grant_type=refresh_token')) {
      issued += 1;
      return json(200, {
        success: true,
        access_token: `access-${issued}`,
        refresh_token: '',
        expires_in: lifetimeSeconds,
        expires_at: Math.floor(Date.now() / 1000) + lifetimeSeconds,
        token_type: 'bearer',
        user,
      });
    }
    if (url === '/api/v1/auth/user') {
      return headers.authorization === `Bearer access-${issued}`
        ? json(200, { success: true, user })
        : json(401, { success: false, error: 'Access token expired', code: 'UNAUTHORIZED' });
    }
    return json(404, { success: false, error: 'nope', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, refreshes: () => calls.filter((c) => c.url.includes('grant_type=refresh_token')).length };
}

async function load() {
  vi.resetModules();
  const session = await import('./session');
  const { api } = await import('@/lib/api-client');
  return { ...session, api };
}

describe('the browser session', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for nothing when this browser never signed in', async () => {
    const server = fakeServer(900);
    const { startSession, sessionStore } = await load();
    startSession();
    expect(sessionStore.get()).toEqual({ status: 'signed-out' });
    expect(server.calls).toEqual([]);
  });

  it('restores the session from the cookie after a reload, and refreshes it before it expires', async () => {
    localStorage.setItem('giftrelay-session', '1');
    const server = fakeServer(130);
    const { startSession, sessionStore } = await load();
    startSession();
    await vi.waitFor(() => expect(sessionStore.get().status).toBe('signed-in'));
    expect(server.calls[0]?.headers['x-session-cookie']).toBe('1');
    expect(server.refreshes()).toBe(1);

    // 130 s of life and a 90 s margin: the check at 30 s leaves it alone (100 s left), the one at 60 s refreshes.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.refreshes()).toBe(2);
    expect(sessionStore.get()).toMatchObject({ status: 'signed-in', accessToken: 'access-2' });
  });

  it('sends the access token, and on a 401 refreshes once and asks again', async () => {
    localStorage.setItem('giftrelay-session', '1');
    const server = fakeServer(900);
    const { startSession, sessionStore, api } = await load();
    startSession();
    await vi.waitFor(() => expect(sessionStore.get().status).toBe('signed-in'));
    // The server moved on (another tab refreshed): our token is now stale.
    await fetch('/api/v1/auth/token?grant_type=refresh_token', { method: 'POST', headers: {} });

    const res = await api.get<{ user: { email: string } }>('/api/v1/auth/user');
    expect(res.user.email).toBe('jane@example.com');
    const userCalls = server.calls.filter((c) => c.url === '/api/v1/auth/user');
    expect(userCalls.map((c) => c.headers.authorization)).toEqual(['Bearer access-1', 'Bearer access-3']);
  });

  it('tabs restored together take turns refreshing (Web Locks), so no two send the same cookie at once', async () => {
    localStorage.setItem('giftrelay-session', '1');
    let inFlight = 0;
    let most = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight -= 1;
        return json(200, {
          success: true,
          access_token: 'access',
          refresh_token: '',
          expires_in: 900,
          expires_at: Math.floor(Date.now() / 1000) + 900,
          token_type: 'bearer',
          user,
        });
      }),
    );
    // The browser's lock manager, shared by every tab: one holder at a time, in request order.
    let tail: Promise<unknown> = Promise.resolve();
    const request = vi.fn((_name: string, fn: () => Promise<unknown>) => {
      const run = tail.then(fn);
      tail = run.catch(() => {});
      return run;
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      const tabs = [await load(), await load(), await load()];
      for (const tab of tabs) tab.startSession();
      for (const tab of tabs) await vi.waitFor(() => expect(tab.sessionStore.get().status).toBe('signed-in'));
      expect(request).toHaveBeenCalledTimes(3);
      expect(request.mock.calls.every(([name]) => name === 'giftrelay-session-refresh')).toBe(true);
      expect(most).toBe(1);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it.each([
    [
      'cut off by the page going away',
      () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
    ],
    ['offline', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['answered by a server in trouble', async () => json(503, { success: false, error: 'Busy', code: 'UNAVAILABLE' })],
  ])('a refresh %s keeps the flag, so the next page asks again', async (_case, answer) => {
    localStorage.setItem('giftrelay-session', '1');
    vi.stubGlobal('fetch', vi.fn(answer));
    const { startSession, sessionStore } = await load();
    startSession();
    await vi.waitFor(() => expect(sessionStore.get().status).toBe('signed-out'));
    expect(localStorage.getItem('giftrelay-session')).toBe('1');
  });

  it('a refresh the server refuses signs out and forgets the flag', async () => {
    localStorage.setItem('giftrelay-session', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { success: false, error: 'Invalid refresh token', code: 'UNAUTHORIZED' })),
    );
    const { startSession, sessionStore } = await load();
    startSession();
    await vi.waitFor(() => expect(sessionStore.get().status).toBe('signed-out'));
    expect(localStorage.getItem('giftrelay-session')).toBeNull();
  });
});

import type { Session, TwoFactorChallenge, User } from '@giftrelay/contracts';
// Not from the package's index, which would bring zod into every page's first download.
import { SESSION_COOKIE_HEADER } from '@giftrelay/contracts/session-cookie';
import { markOperatorBrowser } from '@/lib/analytics/operator-browser';
import { ApiError, api, setAuthHooks } from '@/lib/api-client';

/**
 * The browser's session. The access token lives only in memory; the refresh token is an httpOnly
 * cookie the server sets (docs/decisions/003-browser-session-tokens.md). A reload gets a new
 * access token from the cookie. A flag in localStorage says whether there is a session worth
 * asking for, so visitors who never signed in cost no request, and tells other tabs when this
 * one signs in or out.
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: User; accessToken: string; expiresAt: number };

const HINT_KEY = 'giftrelay-session';
/** The spec: the session is checked every 30 seconds and refreshed before it expires. */
export const REFRESH_CHECK_MS = 30_000;
const REFRESH_MARGIN_S = 90;
const cookieHeaders = { [SESSION_COOKIE_HEADER]: '1' };

let state: SessionState = { status: 'loading' };
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

function writeHint(isSignedIn: boolean) {
  // The public header's "Dashboard" link follows this attribute (public/theme.js sets it first).
  if (typeof document !== 'undefined') document.documentElement.toggleAttribute('data-signed-in', isSignedIn);
  try {
    if (isSignedIn) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage blocked: sessions still work in this tab.
  }
}

function readHint(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return true;
  }
}

/** Takes a session the server answered (a sign-in, or a verified email's). */
export function acceptSession(session: Omit<Session, 'success'>) {
  accept(session);
}

function accept(session: Omit<Session, 'success'>) {
  writeHint(true);
  setState({
    status: 'signed-in',
    user: session.user,
    accessToken: session.access_token,
    expiresAt: session.expires_at,
  });
}

function end() {
  writeHint(false);
  markOperatorBrowser(false);
  setState({ status: 'signed-out' });
}

/**
 * Signs in; answers the session, whose `first_sign_in` tells a first visit from a return, or, for
 * an account with two-factor sign-in, the challenge to answer with a code (`completeTwoFactorSignIn`).
 */
export async function signIn(email: string, password: string): Promise<Session | TwoFactorChallenge> {
  const answer = await api.post<Session | TwoFactorChallenge>(
    '/api/v1/auth/token?grant_type=password',
    { email, password },
    { headers: cookieHeaders, auth: false },
  );
  if (!('two_factor_required' in answer)) accept(answer);
  return answer;
}

/** The second step: the challenge's token and a code from the app (or a recovery code). */
export async function completeTwoFactorSignIn(twoFactorToken: string, code: string): Promise<Session> {
  const session = await api.post<Session>(
    '/api/v1/auth/token?grant_type=two_factor',
    { two_factor_token: twoFactorToken, code },
    { headers: cookieHeaders, auth: false },
  );
  accept(session);
  return session;
}

/** The header that makes the server put a refresh token in the httpOnly cookie. */
export const SESSION_COOKIE_HEADERS = cookieHeaders;

let refreshing: Promise<boolean> | undefined;

const REFRESH_LOCK = 'giftrelay-session-refresh';

/**
 * Runs `fn` holding a lock all of this site's tabs share, where the browser has Web Locks. Tabs
 * that refresh together (a restored browser session) then take turns, each sending the cookie the
 * one before it received, instead of all trading the same token for sibling tokens, of which the
 * cookie keeps only one (docs/decisions/003-browser-session-tokens.md).
 */
function acrossTabs<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, fn) as Promise<T>) : fn();
}

/** Trades the refresh cookie for a new access token; one request at a time, across tabs too. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const session = await acrossTabs(() =>
        api.post<Session>('/api/v1/auth/token?grant_type=refresh_token', {}, { headers: cookieHeaders, auth: false }),
      );
      accept(session);
      return true;
    } catch (err) {
      // Only the server's refusal ends the session. Offline, the server down, or the request cut
      // off because the page is going away (a reload, a link): keep the flag, so the next page
      // asks again, and try again at the next check.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        end();
        return false;
      }
      if (state.status === 'loading') setState({ status: 'signed-out' });
      return false;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

/** Ends the session on the server; throws if the server could not be told. */
export async function signOut(): Promise<void> {
  try {
    await api.post('/api/v1/auth/logout');
  } catch (err) {
    // Already over on the server: that is what we wanted.
    if (!(err instanceof ApiError && err.status === 401)) throw err;
  }
  end();
}

/** Resolves once the first check of the session is over: true when signed in. */
export function whenSessionKnown(): Promise<boolean> {
  if (state.status !== 'loading') return Promise.resolve(state.status === 'signed-in');
  return new Promise((resolve) => {
    const unsubscribe = sessionStore.subscribe(() => {
      if (state.status === 'loading') return;
      unsubscribe();
      resolve(state.status === 'signed-in');
    });
  });
}

/** Replaces the user shown (after a rename, for example) without a new token. */
export function updateSessionUser(user: User) {
  if (state.status === 'signed-in') setState({ ...state, user });
}

let started = false;

/** Restores the session after a load and keeps it fresh. Call once, at start. */
export function startSession() {
  if (started) return;
  started = true;
  setAuthHooks({
    getAccessToken: () => (state.status === 'signed-in' ? state.accessToken : undefined),
    refresh: refreshSession,
  });
  if (readHint()) void refreshSession();
  else setState({ status: 'signed-out' });

  setInterval(() => {
    if (state.status !== 'signed-in') return;
    if (state.expiresAt - Date.now() / 1000 < REFRESH_MARGIN_S) void refreshSession();
  }, REFRESH_CHECK_MS);

  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key !== HINT_KEY) return;
    if (event.newValue === '1' && state.status !== 'signed-in') void refreshSession();
    if (event.newValue === null) document.documentElement.removeAttribute('data-signed-in');
    if (event.newValue === null && state.status === 'signed-in') setState({ status: 'signed-out' });
  });
}

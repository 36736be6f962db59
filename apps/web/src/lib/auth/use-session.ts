import { useSyncExternalStore } from 'react';
import { type SessionState, sessionStore } from './session';

/** The current session: loading until the first check, then signed in (with the user) or out. */
export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** The signed-in user; only inside pages behind RequireSession. */
export function useUser() {
  const session = useSession();
  if (session.status !== 'signed-in') throw new Error('useUser() needs a signed-in session');
  return session.user;
}

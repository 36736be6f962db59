import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { loginPathFor } from './safe-next';
import { useSession } from './use-session';

/** Shows its children only with a session; otherwise sends the visitor to sign in and back here. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <SessionLoading />;
  if (session.status === 'signed-out') return <Navigate to={loginPathFor(location)} replace />;
  return children;
}

/** A whole page waiting for the session's first check. */
export function SessionLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Checking your session" />
    </div>
  );
}

import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AuthCard, LoginForm, type LoginMode } from '@/features/auth';
import { PLANS } from '@/features/marketing';
import { safeNextPath } from '@/lib/auth/safe-next';
import { useSession } from '@/lib/auth/use-session';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  const session = useSession();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<LoginMode>(params.get('mode') === 'signup' ? 'sign-up' : 'sign-in');
  usePageTitle(mode === 'sign-up' ? 'Sign up' : 'Sign in');
  // A session already here, or one that appears (signing in here or in another tab), moves on.
  if (session.status === 'signed-in') return <Navigate to={safeNextPath(params.get('next'))} replace />;
  return (
    <AuthCard>
      {session.status === 'loading' ? (
        <div className="flex justify-center py-10">
          <Spinner label="Checking your session" />
        </div>
      ) : (
        <LoginForm
          initialEmail={params.get('email') ?? ''}
          // The pricing page's buttons: /login?mode=signup&plan=growth
          initialMode={mode}
          onModeChange={setMode}
          plan={PLANS.find((p) => p.id === params.get('plan'))}
        />
      )}
    </AuthCard>
  );
}

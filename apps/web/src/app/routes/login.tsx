import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { PLANS } from '@/features/marketing/data/pricing';
import { safeNextPath } from '@/lib/auth/safe-next';
import { useSession } from '@/lib/auth/use-session';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  usePageTitle('Sign in');
  const session = useSession();
  const [params] = useSearchParams();
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
          initialMode={params.get('mode') === 'signup' ? 'sign-up' : 'sign-in'}
          plan={PLANS.find((p) => p.id === params.get('plan'))}
        />
      )}
    </AuthCard>
  );
}
